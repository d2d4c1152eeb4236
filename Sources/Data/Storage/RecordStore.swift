import Foundation
import GRDB
import Logging

/// A ``LocalStore`` over one record type's table, with cache metadata joined in one statement.
///
/// A hit is one cached statement on the hot-path connection, decoded by column name. A row that
/// no longer decodes (damaged, or written by a schema this code cannot read) is dropped and
/// reported as a miss: the data source fetches it again, and the user never sees an error.
struct RecordStore<Record: CacheableRecord>: LocalStore {
    private let database: AppDatabase
    private let selectSQL: HotSQL
    private let logger = Logger(label: "strata.data.storage")
    /// The outbox collection whose items' unsent versions rows of this table hold; nil for a
    /// table that holds copies only.
    private var unsentOf: String?

    /// Creates a store over an open database.
    init(database: AppDatabase) {
        self.database = database
        selectSQL = HotSQL(
            """
            SELECT t.*, \(CacheMetadataRecord.joinedColumns(as: "m")) FROM \(Record.databaseTableName) t \
            LEFT JOIN \(CacheMetadataRecord.databaseTableName) m ON m.\(CacheMetadataRecord.Columns.key.name) = ? \
            WHERE t.\(Record.keyColumn.name) = ?
            """)
    }

    /// This store over a collection's own table, leaving the rows of items with unsent changes.
    ///
    /// Such a row is this device's version: a fetched copy never replaces it, nor does a read that
    /// found the item gone remove it, since a read that began before an edit can answer after it.
    func keepingUnsentChanges(of collection: String) -> RecordStore {
        var store = self
        store.unsentOf = collection
        return store
    }

    /// The object and its metadata, or `nil` (also for a damaged row, which is dropped).
    func find(_ key: Record.Key) async throws(StorageError) -> CachedEntry<Record.Object>? {
        do {
            return try stored(key)
        } catch .corruptRow(let reason) {
            logger.warning("dropping the damaged \(Record.databaseTableName) row \(key): \(reason)")
            try? removeNow(key)
            return nil
        }
    }

    /// The object and its metadata, or `nil`; a damaged row is an error, and stays.
    ///
    /// For a row that is not a copy to fetch again: this device's version of an item whose
    /// changes wait to be sent, which the push's answer replaces.
    func stored(_ key: Record.Key) throws(StorageError) -> CachedEntry<Record.Object>? {
        let arguments = [Record.metadataKey(key).databaseValue, Record.databaseKey(key)]
        return try database.reader.first(selectSQL, arguments: arguments) { row in
            let record = try Record(columns: row)
            return CachedEntry(value: try record.object(), metadata: try CacheMetadataRecord.metadata(joinedIn: row))
        }
    }

    /// Stores an object and its metadata in one transaction.
    func persist(
        _ object: Record.Object, for key: Record.Key, metadata: CacheMetadata
    ) async throws(StorageError) {
        try persistNow([(key, object)], metadata: metadata)
    }

    /// Stores many objects in one transaction.
    func persistAll(
        _ objects: [(key: Record.Key, object: Record.Object)], metadata: CacheMetadata
    ) async throws(StorageError) {
        try persistNow(objects, metadata: metadata)
    }

    /// Replaces only the metadata.
    func updateMetadata(_ metadata: CacheMetadata, for key: Record.Key) async throws(StorageError) {
        try database.write { db in
            try CacheMetadataRecord(key: Record.metadataKey(key), metadata: metadata).upsert(db)
        }
    }

    /// Removes one object and its metadata.
    func remove(_ key: Record.Key) async throws(StorageError) {
        try removeNow(key)
    }

    /// Removes every object of this store and its metadata.
    func removeAll() async throws(StorageError) {
        try database.write { db in try Self.removeAll(db) }
    }

    /// How many objects the table holds.
    func count() async throws(StorageError) -> Int {
        try database.read { db in try Record.stored.fetchCount(db) }
    }
}

extension RecordStore {
    /// Writes `records` and their metadata in `db`'s transaction: the one way a cached row is
    /// written, shared with the outbox when it caches the server's answer to a change.
    static func write(_ records: [(key: Record.Key, record: Record)], metadata: CacheMetadata, _ db: Database) throws {
        try write(records.map { (key: $0.key, record: $0.record, metadata: metadata) }, db)
    }

    /// Writes `records`, each with its own metadata, in `db`'s transaction: one statement per
    /// table for all of them (a batch's answers each have their own validator).
    static func write(_ records: [(key: Record.Key, record: Record, metadata: CacheMetadata)], _ db: Database) throws {
        try Record.replaceAll(records.map(\.record), db)
        try CacheMetadataRecord.replaceAll(
            records.map { CacheMetadataRecord(key: Record.metadataKey($0.key), metadata: $0.metadata) }, db)
    }

    /// Deletes every row of the table and its metadata in `db`'s transaction.
    static func removeAll(_ db: Database) throws {
        _ = try Record.stored.deleteAll(db)
        try CacheMetadataRecord.filter(CacheMetadataRecord.Columns.key.inNamespace(Record.cacheNamespace))
            .deleteAll(db)
    }

    /// Deletes the rows of `keys` and their metadata in `db`'s transaction, a few hundred keys a
    /// statement (settling a batch deletes the row each created item had under this device's id).
    static func delete(_ keys: [Record.Key], _ db: Database) throws {
        let table = Record.databaseTableName.quotedDatabaseIdentifier
        let column = Record.keyColumn.name.quotedDatabaseIdentifier
        let metadata = CacheMetadataRecord.databaseTableName.quotedDatabaseIdentifier
        let metadataKey = CacheMetadataRecord.Columns.key.name.quotedDatabaseIdentifier
        for part in keys.chunked(by: 500) {
            let marks = databaseQuestionMarks(count: part.count)
            try db.execute(
                sql: "DELETE FROM \(table) WHERE \(column) IN (\(marks))",
                arguments: StatementArguments(part.map(Record.databaseKey)))
            try db.execute(
                sql: "DELETE FROM \(metadata) WHERE \(metadataKey) IN (\(marks))",
                arguments: StatementArguments(part.map(Record.metadataKey)))
        }
    }
}

// MARK: - Private

extension RecordStore {
    private func persistNow(
        _ objects: [(key: Record.Key, object: Record.Object)], metadata: CacheMetadata
    ) throws(StorageError) {
        let records = try objects.map { entry throws(StorageError) in
            (key: entry.key, record: try Record(entry.object, key: entry.key))
        }
        try database.write { db in
            let newer = try Self.notOlder(records, db)
            let unsent = try unsentKeys(newer.map(\.key), db)
            try Self.write(
                unsent.isEmpty ? newer : newer.filter { !unsent.contains(Record.databaseKey($0.key)) },
                metadata: metadata, db)
        }
    }

    /// The keys among `keys` whose rows hold an unsent version: none in a table of copies.
    private func unsentKeys(_ keys: [Record.Key], _ db: Database) throws -> Set<DatabaseValue> {
        guard let unsentOf, !keys.isEmpty else { return [] }
        return try Outbox.itemsWithChanges(in: unsentOf, among: keys.map(Record.databaseKey), db)
    }

    /// The records that are not older than the rows they replace.
    ///
    /// A read that was answered before another write (this process's or another's: an app and
    /// its extension share the database) may arrive after it; storing it would bring back a
    /// version, and a validator, the server no longer has, and the next change made against it
    /// would conflict with this device's own.
    private static func notOlder(_ records: [(key: Record.Key, record: Record)], _ db: Database) throws -> [(
        key: Record.Key, record: Record
    )] {
        guard let column = Record.versionColumn, !records.isEmpty else { return records }
        let versionLookup = 500
        // The versions held, a few hundred keys a statement (an ingest stores thousands at once).
        var held: [DatabaseValue: Int] = [:]
        let keys = records.map { Record.databaseKey($0.key) }
        for slice in keys.chunked(by: versionLookup) {
            let marks = databaseQuestionMarks(count: slice.count)
            let rows = try Row.fetchCursor(
                db,
                sql: "SELECT \(Record.keyColumn.name), \(column.name) FROM \(Record.databaseTableName) "
                    + "WHERE \(Record.keyColumn.name) IN (\(marks))",
                arguments: StatementArguments(slice))
            while let row = try rows.next() {
                // A version that does not read (a damaged row) counts as none: the incoming record wins.
                held[try row.decode(DatabaseValue.self, forColumn: Record.keyColumn)] = try? row.decode(
                    Int.self, forColumn: column)
            }
        }
        guard !held.isEmpty else { return records }
        return records.filter { entry in
            guard let incoming = entry.record.cacheVersion, let version = held[Record.databaseKey(entry.key)] else {
                return true
            }
            return incoming >= version
        }
    }

    private func removeNow(_ key: Record.Key) throws(StorageError) {
        try database.write { db in
            guard try unsentKeys([key], db).isEmpty else { return }
            try Self.delete([key], db)
        }
    }
}
