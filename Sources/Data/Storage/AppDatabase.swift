public import Foundation
import GRDB

/// The app's SQLite database: a GRDB `DatabasePool` in WAL mode with named migrations.
///
/// Every table has one record type (`DocumentRecord`, `UserRecord`, `DocumentListRecord`,
/// `CacheMetadataRecord`, `OutboxRecord`, `PendingDocumentRecord`, `IDMappingRecord`,
/// `SyncValueRecord`); the schema is plain tables a person can read with the `sqlite3` tool.
public final class AppDatabase: Sendable {
    /// The connection pool: one writer, concurrent readers.
    let pool: DatabasePool
    /// The connection for hot point lookups.
    let reader: SQLiteHotReader

    /// Opens (creating if needed) the database at `url` and migrates it to the latest schema.
    public static func open(at url: URL) throws(StorageError) -> AppDatabase {
        let pool: DatabasePool
        let reader: SQLiteHotReader
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(5)
            pool = try DatabasePool(path: url.path, configuration: configuration)
            try migrator.migrate(pool)
            reader = try SQLiteHotReader(path: url.path)
        } catch let error as DatabaseError {
            throw StorageError.cannotOpen(path: url.path, reason: StorageError.describe(error))
        } catch let error as StorageError {
            throw error
        } catch {
            throw StorageError.cannotOpen(path: url.path, reason: "\(error)")
        }
        return AppDatabase(pool: pool, reader: reader)
    }

    private init(pool: DatabasePool, reader: SQLiteHotReader) {
        self.pool = pool
        self.reader = reader
    }

    /// The names of the migrations this database has applied, oldest first.
    public func appliedMigrations() throws(StorageError) -> [String] {
        try read { db in try Self.migrator.appliedMigrations(db) }
    }

    /// Runs `query` in a read transaction, mapping GRDB's errors.
    ///
    /// Synchronous on purpose: in an async context GRDB's async `read` would be chosen instead.
    func read<Value>(_ query: (Database) throws -> Value) throws(StorageError) -> Value {
        do {
            return try pool.read(query)
        } catch {
            throw StorageError.wrap(error)
        }
    }

    /// Runs `updates` in one write transaction, mapping GRDB's errors.
    func write<Value>(_ updates: (Database) throws -> Value) throws(StorageError) -> Value {
        do {
            return try pool.write(updates)
        } catch {
            throw StorageError.wrap(error)
        }
    }
}
