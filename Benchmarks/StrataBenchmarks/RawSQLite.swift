import Domain
import Foundation
import GRDBSQLite

/// The baseline: the sqlite3 C API with prepared statements, no layers in between.
final class RawSQLite {
    private var connection: OpaquePointer?

    init?(path: String) {
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            return nil
        }
    }

    deinit {
        sqlite3_close_v2(connection)
    }

    /// Runs `count` lookups of `id` with one prepared statement inside one read transaction.
    func lookups(id: Int, count: Int, sql: String, inTransaction: Bool = true) -> Int {
        var found = 0
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK
        else { return 0 }
        defer { sqlite3_finalize(statement) }
        if inTransaction { sqlite3_exec(connection, "BEGIN", nil, nil, nil) }
        let key = "document:\(id)"
        for _ in 0..<count {
            sqlite3_bind_text(statement, 1, key, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            sqlite3_bind_int64(statement, 2, Int64(id))
            if sqlite3_step(statement) == SQLITE_ROW {
                let title = String(cString: sqlite3_column_text(statement, 1))
                let body = String(cString: sqlite3_column_text(statement, 2))
                found += title.utf8.count + body.utf8.count > 0 ? 1 : 0
                _ = sqlite3_column_double(statement, 4)
                _ = sqlite3_column_int64(statement, 6)
            }
            sqlite3_reset(statement)
        }
        if inTransaction { sqlite3_exec(connection, "COMMIT", nil, nil, nil) }
        return found
    }

    /// Inserts `count` document rows and their metadata rows in one transaction.
    func insert(count: Int, startingAt first: Int) {
        var document: OpaquePointer?
        var metadata: OpaquePointer?
        sqlite3_prepare_v2(
            connection,
            "INSERT OR REPLACE INTO document (id, title, body, tags, created_at, updated_at, version) VALUES (?, ?, ?, ?, ?, ?, ?)",
            -1, &document, nil
        )
        sqlite3_prepare_v2(
            connection,
            "INSERT OR REPLACE INTO cache_metadata (key, fetched_at, etag, max_age) VALUES (?, ?, ?, ?)", -1, &metadata,
            nil
        )
        defer {
            sqlite3_finalize(document)
            sqlite3_finalize(metadata)
        }
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        sqlite3_exec(connection, "BEGIN", nil, nil, nil)
        for id in first..<(first + count) {
            let record = Workload.record(id)
            sqlite3_bind_int64(document, 1, Int64(id))
            sqlite3_bind_text(document, 2, record.title, -1, transient)
            sqlite3_bind_text(document, 3, record.body, -1, transient)
            sqlite3_bind_text(document, 4, record.tags.joined(separator: " "), -1, transient)
            sqlite3_bind_double(document, 5, record.createdAt.timeIntervalSince1970)
            sqlite3_bind_double(document, 6, record.updatedAt.timeIntervalSince1970)
            sqlite3_bind_int64(document, 7, Int64(record.version))
            sqlite3_step(document)
            sqlite3_reset(document)
            sqlite3_bind_text(metadata, 1, "document:\(id)", -1, transient)
            sqlite3_bind_double(metadata, 2, Workload.fetchedAt.timeIntervalSince1970)
            sqlite3_bind_null(metadata, 3)
            sqlite3_bind_null(metadata, 4)
            sqlite3_step(metadata)
            sqlite3_reset(metadata)
        }
        sqlite3_exec(connection, "COMMIT", nil, nil, nil)
    }
}
