import Foundation
import GRDB

/// The app's SQLite database: a GRDB `DatabasePool` in WAL mode with named migrations.
///
/// The schema is plain tables a person can read with the `sqlite3` command-line tool:
/// `document`, `user`, `document_list` (cached list payloads) and `cache_metadata`.
public final class AppDatabase: Sendable {
    /// The connection pool: one writer, concurrent readers.
    public let pool: DatabasePool
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

    /// The migrations, in order; each name is recorded in the database once applied.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: documents and users") { db in
            try db.execute(
                sql: """
                    CREATE TABLE document (
                        id INTEGER PRIMARY KEY,
                        title TEXT NOT NULL,
                        body TEXT NOT NULL,
                        tags TEXT NOT NULL,          -- space-separated; tags never contain white space
                        created_at REAL NOT NULL,    -- seconds since 1970, UTC
                        updated_at REAL NOT NULL,
                        version INTEGER NOT NULL
                    );
                    CREATE TABLE user (
                        id INTEGER PRIMARY KEY,
                        name TEXT NOT NULL,
                        email TEXT NOT NULL,
                        bio TEXT NOT NULL
                    );
                    """
            )
        }
        migrator.registerMigration("v1: cache metadata and lists") { db in
            try db.execute(
                sql: """
                    CREATE TABLE cache_metadata (
                        key TEXT PRIMARY KEY,        -- 'document:1', 'user:2', 'documents:all'
                        fetched_at REAL NOT NULL,    -- when the server last confirmed the entry
                        etag TEXT,
                        max_age REAL                 -- seconds, from Cache-Control; NULL: per-type TTL
                    );
                    CREATE TABLE document_list (
                        key TEXT PRIMARY KEY,
                        payload BLOB NOT NULL        -- JSON array of document summaries
                    );
                    """
            )
        }
        migrator.registerMigration("v2: outbox") { db in
            try db.execute(
                sql: """
                    CREATE TABLE outbox (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT,  -- sending order
                        document_id INTEGER NOT NULL,  -- negative: created offline, not on the server yet
                        operation TEXT NOT NULL,       -- create | update | delete
                        payload BLOB,                  -- JSON: the draft (create) or the changes (update)
                        base_etag TEXT,                -- the server version the change was made against
                        idempotency_key TEXT NOT NULL UNIQUE,
                        created_at REAL NOT NULL,
                        attempts INTEGER NOT NULL DEFAULT 0,
                        state TEXT NOT NULL DEFAULT 'pending',  -- pending | parked | conflict
                        last_error TEXT,
                        remote BLOB                    -- JSON: the server's version, for a conflict
                    );
                    CREATE INDEX outbox_document ON outbox (document_id, seq);
                    CREATE TABLE pending_document (  -- what the user sees until the outbox is sent
                        id INTEGER PRIMARY KEY,
                        title TEXT NOT NULL,
                        body TEXT NOT NULL,
                        tags TEXT NOT NULL,
                        created_at REAL NOT NULL,
                        updated_at REAL NOT NULL,
                        version INTEGER NOT NULL,
                        deleted INTEGER NOT NULL DEFAULT 0
                    );
                    CREATE TABLE id_map (local_id INTEGER PRIMARY KEY, server_id INTEGER NOT NULL);
                    CREATE TABLE sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                    """
            )
        }
        migrator.registerMigration("v3: outbox by state") { db in
            try db.execute(sql: "CREATE INDEX outbox_state ON outbox (state, seq)")
        }
        return migrator
    }
}
