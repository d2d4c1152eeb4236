public import Foundation
import GRDB

/// The app's SQLite database: a GRDB `DatabasePool` in WAL mode with named migrations.
///
/// Every table has one record type (`DocumentRecord`, `UserRecord`, `ListRecord`,
/// `CacheMetadataRecord`, `OutboxRecord`, `SyncValueRecord`, one per feature); the schema is plain
/// tables a person can read with the `sqlite3` tool.
public final class AppDatabase: Sendable {
    /// The connection pool: one writer, concurrent readers.
    let pool: DatabasePool
    /// The connection for hot point lookups.
    let reader: SQLiteHotReader
    /// The database file's path.
    var path: String { pool.path }
    /// Every committed change to the documents, announced to whoever follows it.
    public let changes = DatabaseChangeFeed()

    /// Opens (creating if needed) the database at `url` and migrates it to the latest schema.
    public static func open(at url: URL) throws(StorageError) -> AppDatabase {
        try open(at: url, snapshotMilliseconds: 10)
    }

    /// Opens the database at `url` with hot lookups sharing a read snapshot for
    /// `snapshotMilliseconds` at most (ADR 0035), and a write waiting up to `busySeconds` for
    /// another connection's (tests choose other values).
    static func open(at url: URL, snapshotMilliseconds: Int, busySeconds: Double = 5) throws(StorageError)
        -> AppDatabase
    {
        let pool: DatabasePool
        let reader: SQLiteHotReader
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(busySeconds)
            // The app and its extension may launch together: one at a time creates and migrates.
            pool = try ProcessLock(beside: url.path, for: "open").holding {
                let pool = try DatabasePool(path: url.path, configuration: configuration)
                try refuseNewerSchema(of: pool, at: url.path)
                try migrator.migrate(pool)
                return pool
            }
            reader = try SQLiteHotReader(
                path: url.path, commits: CommitCounter.forFile(atPath: url.path),
                snapshotMilliseconds: snapshotMilliseconds)
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
        pool.add(transactionObserver: changes.observer, extent: .databaseLifetime)
        pool.add(transactionObserver: CommitCounter.forFile(atPath: pool.path).observer, extent: .databaseLifetime)
    }

    /// Makes the next lookup see every commit made so far, by any process: call it when another
    /// process says it wrote, before reading again (hot lookups share a read snapshot for a short,
    /// bounded time, ADR 0035).
    public func forgetReadSnapshot() {
        CommitCounter.forFile(atPath: pool.path).countCommitMadeElsewhere()
    }

    /// The names of the migrations this database has applied, oldest first.
    public func appliedMigrations() throws(StorageError) -> [String] {
        try read { db in try Self.migrator.appliedMigrations(db) }
    }

    /// Rebuilds the database file without its free pages (`VACUUM`) and folds the WAL back in.
    ///
    /// The maintenance a background processing task runs. Returns the file's size, WAL
    /// included, before and after.
    public func vacuum() throws(StorageError) -> (before: Int, after: Int) {
        let before = fileBytes()
        do {
            try pool.writeWithoutTransaction { db in
                try db.execute(sql: "VACUUM")
                try db.checkpoint(.truncate)
            }
        } catch {
            throw StorageError.wrap(error)
        }
        return (before, fileBytes())
    }

    /// The database file's size, WAL included.
    public func fileBytes() -> Int {
        [pool.path, pool.path + "-wal"].reduce(0) { total, path in
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
            return total + (size ?? 0)
        }
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
