import Foundation
import GRDBSQLite
import Synchronization

/// A dedicated read connection for point lookups, with prepared statements kept for the process.
///
/// GRDB's `DatabasePool.read` costs about 29 µs per call on this machine (reader checkout, queue
/// hop, BEGIN/COMMIT) against about 2 µs for the lookup itself; a single-statement SELECT needs no
/// explicit transaction (SQLite wraps each statement in its own), so hot reads use this connection
/// (ADR 0010). Writes, migrations and everything else stay on GRDB.
// @unchecked: `handle` and `statements` are only touched while `lock` is held.
final class SQLiteHotReader: @unchecked Sendable {
    private let lock = Mutex(())
    private let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]

    /// Opens a second connection to the database file at `path`.
    init(path: String) throws(StorageError) {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
        guard sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw .cannotOpen(path: path, reason: message)
        }
        sqlite3_busy_timeout(handle, 5000)
        self.handle = handle
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// Runs `sql` with a text first argument and an integer or text second one, and decodes the
    /// first row, if any.
    func first<Value>(
        _ sql: String, _ first: String, _ second: SecondArgument,
        decode: (SQLiteColumns) throws(StorageError) -> Value
    ) throws(StorageError) -> Value? {
        try lock.withLock { _ throws(StorageError) -> Value? in
            let statement = try prepared(sql)
            defer {
                sqlite3_reset(statement)
                sqlite3_clear_bindings(statement)
            }
            sqlite3_bind_text(statement, 1, first, -1, Self.transient)
            switch second {
            case .integer(let value): sqlite3_bind_int64(statement, 2, Int64(value))
            case .text(let value): sqlite3_bind_text(statement, 2, value, -1, Self.transient)
            }
            switch sqlite3_step(statement) {
            case SQLITE_ROW: return try decode(SQLiteColumns(statement))
            case SQLITE_DONE: return nil
            default: throw .failed(String(cString: sqlite3_errmsg(handle)))
            }
        }
    }

    /// The second bound argument of a lookup.
    enum SecondArgument {
        case integer(Int)
        case text(String)
    }
}

// MARK: - Private

extension SQLiteHotReader {
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Call only with `lock` held.
    private func prepared(_ sql: String) throws(StorageError) -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw .failed(String(cString: sqlite3_errmsg(handle))) }
        statements[sql] = statement
        return statement
    }
}
