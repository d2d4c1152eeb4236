import Foundation
import GRDB

/// A ``LocalStore`` over one SQLite table, with cache metadata joined in a single cached statement.
///
/// Reads run on GRDB's reader pool with cached prepared statements: a hit costs one statement
/// step, not a Codable decode.
public struct SQLiteStore<Codec: SQLiteRowCodec>: LocalStore {
    private let database: AppDatabase
    private let sql: SQL

    /// Creates a store over an open database.
    public init(database: AppDatabase) {
        self.database = database
        self.sql = SQL()
    }

    /// The object and its metadata, or `nil`.
    public func find(_ key: Codec.Key) async throws(StorageError) -> CachedEntry<Codec.Object>? {
        try findNow(key)
    }

    /// Stores an object and its metadata in one transaction.
    public func persist(_ object: Codec.Object, for key: Codec.Key, metadata: CacheMetadata) async throws(StorageError)
    {
        try persistNow([(key, object)], metadata: metadata)
    }

    /// Stores many objects in one transaction.
    public func persistAll(
        _ objects: [(key: Codec.Key, object: Codec.Object)], metadata: CacheMetadata
    ) async throws(StorageError) {
        try persistNow(objects, metadata: metadata)
    }

    /// Replaces only the metadata.
    public func updateMetadata(_ metadata: CacheMetadata, for key: Codec.Key) async throws(StorageError) {
        try writeNow { db in try Self.writeMetadata(metadata, key: key, sql: sql, db: db) }
    }

    /// Removes one object and its metadata.
    public func remove(_ key: Codec.Key) async throws(StorageError) {
        try writeNow { db in
            try db.cachedStatement(sql: sql.delete).execute(arguments: [Codec.databaseValue(of: key)])
            try db.cachedStatement(sql: sql.deleteMetadata).execute(arguments: [Self.metadataKey(key)])
        }
    }

    /// Removes every object of this store and its metadata.
    public func removeAll() async throws(StorageError) {
        try writeNow { db in
            try db.execute(sql: "DELETE FROM \(Codec.table)")
            try db.execute(sql: "DELETE FROM cache_metadata WHERE key LIKE ?", arguments: ["\(Codec.namespace):%"])
        }
    }

    /// How many objects the table holds.
    public func count() async throws(StorageError) -> Int {
        try countNow()
    }
}

// MARK: - Private

extension SQLiteStore {
    private struct SQL: Sendable {
        let select: String
        let upsert: String
        let delete: String
        let upsertMetadata = """
            INSERT INTO cache_metadata (key, fetched_at, etag, max_age) VALUES (?, ?, ?, ?)
            ON CONFLICT(key) DO UPDATE SET fetched_at = excluded.fetched_at, etag = excluded.etag,
            max_age = excluded.max_age
            """
        let deleteMetadata = "DELETE FROM cache_metadata WHERE key = ?"

        init() {
            let columns = Codec.columns.map { "t.\($0)" }.joined(separator: ", ")
            select = """
                SELECT \(columns), m.fetched_at, m.etag, m.max_age FROM \(Codec.table) t
                LEFT JOIN cache_metadata m ON m.key = ? WHERE t.\(Codec.keyColumn) = ?
                """
            let placeholders = Codec.columns.map { _ in "?" }.joined(separator: ", ")
            upsert =
                "INSERT OR REPLACE INTO \(Codec.table) (\(Codec.columns.joined(separator: ", "))) VALUES (\(placeholders))"
            delete = "DELETE FROM \(Codec.table) WHERE \(Codec.keyColumn) = ?"
        }
    }

    private static func metadataKey(_ key: Codec.Key) -> String { "\(Codec.namespace):\(key)" }

    /// Reads on the hot-path connection: one cached statement, no GRDB round trip (ADR 0010).
    private func findNow(_ key: Codec.Key) throws(StorageError) -> CachedEntry<Codec.Object>? {
        let second: SQLiteHotReader.SecondArgument =
            switch Codec.databaseValue(of: key).storage {
            case .int64(let value): .integer(Int(value))
            case .string(let value): .text(value)
            default: .text(key.description)
            }
        return try database.reader.first(sql.select, Self.metadataKey(key), second) { row throws(StorageError) in
            let base = Int32(Codec.columns.count)
            let metadata = CacheMetadata(
                fetchedAt: Date(timeIntervalSince1970: row.optionalDouble(base) ?? 0), etag: row.optionalText(base + 1),
                maxAge: row.optionalDouble(base + 2)
            )
            return CachedEntry(value: try Codec.decode(row), metadata: metadata)
        }
    }

    /// Synchronous on purpose: in an async context GRDB's async `read` would be chosen instead.
    private func countNow() throws(StorageError) -> Int {
        do {
            return try database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(Codec.table)") ?? 0
            }
        } catch {
            throw StorageError.wrap(error)
        }
    }

    private func persistNow(
        _ objects: [(key: Codec.Key, object: Codec.Object)], metadata: CacheMetadata
    ) throws(StorageError) {
        let rows = try objects.map { entry throws(StorageError) in
            (key: entry.key, values: try Codec.values(of: entry.object, key: entry.key))
        }
        try writeNow { db in
            let upsert = try db.cachedStatement(sql: sql.upsert)
            for row in rows {
                try upsert.execute(arguments: StatementArguments(row.values))
                try Self.writeMetadata(metadata, key: row.key, sql: sql, db: db)
            }
        }
    }

    private static func writeMetadata(_ metadata: CacheMetadata, key: Codec.Key, sql: SQL, db: Database) throws {
        try db.cachedStatement(sql: sql.upsertMetadata).execute(arguments: [
            metadataKey(key), metadata.fetchedAt.timeIntervalSince1970, metadata.etag, metadata.maxAge,
        ])
    }

    private func writeNow(_ updates: (Database) throws -> Void) throws(StorageError) {
        do {
            try database.pool.write { db in try updates(db) }
        } catch {
            throw StorageError.wrap(error)
        }
    }
}
