import Foundation
import GRDB

/// The demo server's SQLite database in its own data folder, with a lock that keeps a standalone
/// server alone on its folder.
final class ServerDatabase: Sendable {
    let pool: DatabasePool
    /// The data folder: the database, and the attachments' files beside it.
    let folder: URL
    private let lock: FolderLock

    /// Opens (creating if needed) the database in `folder`, or says in one line why it cannot.
    init(folder: URL, sharing: DemoBackend.Sharing) throws(DemoBackendError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw .dataFolder("the server data folder '\(folder.path)' is a file, not a folder")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .dataFolder("cannot create the server data folder '\(folder.path)'")
        }
        guard FileManager.default.isWritableFile(atPath: folder.path) else {
            throw .dataFolder("the server data folder '\(folder.path)' is not writable")
        }
        lock = try FolderLock(folder: folder, sharing: sharing)
        self.folder = folder
        let path = folder.appendingPathComponent(Constants.fileName).path
        Self.ownerOnly(folder: folder, database: path)
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            // Embedded servers sharing the folder may start together: one at a time creates and
            // migrates the database (SQLite would answer the other "database is locked", or run a
            // migration twice).
            pool = try FolderLock.alone(in: folder) {
                let pool = try DatabasePool(path: path, configuration: configuration)
                try Self.migrator.migrate(pool)
                return pool
            }
        } catch let error as DatabaseError
            where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT
        {
            throw .dataFolder("the server database '\(path)' is damaged; move it away to start afresh")
        } catch {
            throw .dataFolder("cannot open the server database '\(path)': \(error)")
        }
    }

    /// Makes the data folder and the database's files readable by their owner only (SQLite
    /// gives its journal files the database file's mode): sessions and data are nobody else's.
    private static func ownerOnly(folder: URL, database path: String) {
        _ = chmod(folder.path, 0o700)
        createIfMissing(path)
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            _ = chmod(path + suffix, 0o600)
        }
    }

    /// Creates an empty file at `path`, readable by its owner only, unless one is there; one that
    /// is there is kept as it is.
    ///
    /// Another server on the folder may create and migrate the database between a check and a
    /// creation: Foundation's `createFile` writes a new file and renames it over the path, and
    /// that server then wrote into a file no longer in the folder ("no such table").
    static func createIfMissing(_ path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        if descriptor >= 0 { close(descriptor) }
    }

    /// The migrations, in order.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: versioned resources") { db in
            try db.execute(
                sql: """
                    CREATE TABLE resource (
                        collection TEXT NOT NULL,
                        id INTEGER NOT NULL,
                        version INTEGER NOT NULL,
                        representation TEXT NOT NULL,  -- the resource as GET sends it (JSON)
                        summary TEXT NOT NULL,         -- the resource as lists show it (JSON)
                        search TEXT NOT NULL,          -- searchable fields, case and accents folded
                        updated_at REAL NOT NULL,
                        changed_at INTEGER NOT NULL,   -- the server version of the last change
                        deleted INTEGER NOT NULL DEFAULT 0,
                        PRIMARY KEY (collection, id)
                    );
                    CREATE INDEX resource_changes ON resource (collection, changed_at);
                    CREATE INDEX resource_order ON resource (collection, deleted, updated_at, id);
                    CREATE TABLE sequence (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
                    CREATE TABLE idempotency (
                        key TEXT PRIMARY KEY,
                        fingerprint TEXT NOT NULL,     -- method, path and body of the first request
                        status INTEGER NOT NULL,
                        headers TEXT NOT NULL,         -- JSON object
                        body BLOB NOT NULL,
                        created_at REAL NOT NULL
                    );
                    CREATE INDEX idempotency_age ON idempotency (created_at);
                    """)
        }
        migrator.registerMigration("v2: sessions") { db in
            try db.execute(
                sql: """
                    CREATE TABLE session (
                        token TEXT PRIMARY KEY,        -- the bearer token handed out at sign-in
                        account TEXT NOT NULL,
                        created_at REAL NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v3: devices") { db in
            try db.execute(
                sql: """
                    CREATE TABLE device (
                        token TEXT PRIMARY KEY,        -- the push token the device registered (64 hex digits)
                        bundle TEXT NOT NULL,          -- the app's bundle identifier
                        registered_at REAL NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v4: attachments") { db in
            try db.execute(
                sql: """
                    CREATE TABLE attachment (
                        collection TEXT NOT NULL,      -- the resource's collection (documents)
                        resource_id INTEGER NOT NULL,
                        name TEXT NOT NULL,            -- the file's name, unique within its resource
                        size INTEGER NOT NULL,
                        file TEXT NOT NULL,            -- the stored file, in the data folder's attachments/
                        added_at REAL NOT NULL,
                        PRIMARY KEY (collection, resource_id, name)
                    );
                    """)
        }
        migrator.registerMigration("v5: session tokens kept as digests") { db in
            // A copy of the database must let nobody in: only each token's SHA-256 stays.
            let tokens = try String.fetchAll(db, sql: "SELECT token FROM session")
            for token in tokens {
                try db.execute(
                    sql: "UPDATE session SET token = ? WHERE token = ?", arguments: [SessionStore.digest(token), token])
            }
            try db.execute(sql: "ALTER TABLE session RENAME COLUMN token TO token_digest")
        }
        migrator.registerMigration("v6: summaries carry createdAt") { db in
            // Every item in a list says when it was made, as it says when it changed: a client
            // keeps a listed item whole without reading it again.
            try db.execute(
                sql: """
                    UPDATE resource
                    SET summary = json_set(summary, '$.createdAt', json_extract(representation, '$.createdAt'))
                    WHERE deleted = 0 AND json_extract(representation, '$.createdAt') IS NOT NULL
                    """)
        }
        migrator.registerMigration("v7: devices keep their APNs environment") { db in
            // A sandbox token sent to the production gateway is refused, and the reverse: the
            // server must know which one issued each. Earlier rows are production, as a release's.
            try db.execute(
                sql: "ALTER TABLE device ADD COLUMN environment TEXT NOT NULL DEFAULT 'production'")
        }
        return migrator
    }

    private enum Constants {
        static let fileName = "server.sqlite"
    }
}

/// An advisory lock on a data folder: shared by embedded servers, exclusive for a standalone one.
private final class FolderLock: Sendable {
    private let descriptor: Int32

    /// Takes the lock or throws; the descriptor is stored only once the lock is held.
    ///
    /// A class whose initializer throws after every stored property is set is deinitialized, so
    /// storing the descriptor first made a refused lock close it twice: in the initializer, then
    /// in `deinit`, by which time another thread could own that number (a socket or a database
    /// of another server in the process; the test runs hung and saw "Socket operation on
    /// non-socket").
    init(folder: URL, sharing: DemoBackend.Sharing) throws(DemoBackendError) {
        let path = folder.appendingPathComponent(".lock").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .dataFolder(
                "cannot lock the server data folder '\(folder.path)': \(String(cString: strerror(errno)))")
        }
        let operation = (sharing == .exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB
        guard flock(descriptor, operation) == 0 else {
            close(descriptor)
            throw .dataFolder(
                sharing == .exclusive
                    ? "another server uses the data folder '\(folder.path)'"
                    : "a standalone server owns the data folder '\(folder.path)'; connect to it with --remote")
        }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Runs `body` while this process alone holds the folder's opening lock (`.open.lock`),
    /// waiting for another process to finish; without the lock file, `body` runs alone as before.
    static func alone<Value>(in folder: URL, _ body: () throws -> Value) rethrows -> Value {
        let descriptor = open(folder.appendingPathComponent(".open.lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }  // which drops the lock
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        return try body()
    }
}
