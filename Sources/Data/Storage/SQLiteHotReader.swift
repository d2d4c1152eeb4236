import Foundation
import GRDB
import GRDBSQLite
import Synchronization

/// A dedicated read connection for point lookups, with prepared statements kept for the process.
///
/// GRDB's `DatabasePool.read` costs about 29 µs per call on this machine (reader checkout, queue
/// hop, BEGIN/COMMIT) against about 2 µs for the lookup itself; a single-statement SELECT needs no
/// explicit transaction (SQLite wraps each statement in its own), so hot reads use this connection
/// (ADR 0010). Rows are still read by column name, through the records' own decoding.
// @unchecked: `handle` and `statements` are only touched while `lock` is held.
final class SQLiteHotReader: @unchecked Sendable {
    private let lock = Mutex(())
    private let handle: OpaquePointer
    private var statements: [String: PreparedStatement] = [:]

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
        for statement in statements.values { sqlite3_finalize(statement.pointer) }
        sqlite3_close_v2(handle)
    }

    /// Runs `sql` with `arguments` and decodes the first row, if any.
    func first<Value>(
        _ sql: String, arguments: [DatabaseValue], decode: (HotRow) throws -> Value
    ) throws(StorageError) -> Value? {
        try lock.withLock { _ throws(StorageError) -> Value? in
            let statement = try prepared(sql)
            defer {
                sqlite3_reset(statement.pointer)
                sqlite3_clear_bindings(statement.pointer)
            }
            for (offset, argument) in arguments.enumerated() { Self.bind(argument, at: Int32(offset + 1), statement) }
            switch sqlite3_step(statement.pointer) {
            case SQLITE_ROW:
                do {
                    return try decode(HotRow(statement: statement))
                } catch let error as StorageError {
                    throw error
                } catch {
                    throw .corruptRow("\(error)")  // the row is there but does not decode
                }
            case SQLITE_DONE: return nil
            default: throw .failed(String(cString: sqlite3_errmsg(handle)))
            }
        }
    }

    /// A prepared statement and the index of each of its result columns by name.
    struct PreparedStatement {
        let pointer: OpaquePointer
        let columns: [String: Int32]
    }
}

/// The row a hot-path statement is positioned on, read by column name like GRDB's `Row`.
///
/// Valid only inside the closure it is passed to: the statement moves on afterwards.
struct HotRow: ColumnDecoding {
    let statement: SQLiteHotReader.PreparedStatement

    func decode<Value: DatabaseValueConvertible>(
        _ type: Value.Type, forColumn column: some ColumnExpression
    ) throws -> Value {
        guard let index = statement.columns[column.name] ?? statement.columns[column.name.lowercased()] else {
            throw StorageError.corruptRow("no column '\(column.name)'")
        }
        guard let value = Value.fromDatabaseValue(databaseValue(at: index)) else {
            throw StorageError.corruptRow("column '\(column.name)' does not hold a \(Value.self)")
        }
        return value
    }

    private func databaseValue(at index: Int32) -> DatabaseValue {
        let pointer = statement.pointer
        switch sqlite3_column_type(pointer, index) {
        case SQLITE_INTEGER: return sqlite3_column_int64(pointer, index).databaseValue
        case SQLITE_FLOAT: return sqlite3_column_double(pointer, index).databaseValue
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(pointer, index) else { return .null }
            let count = Int(sqlite3_column_bytes(pointer, index))
            return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self).databaseValue
        case SQLITE_BLOB:
            guard let bytes = sqlite3_column_blob(pointer, index) else { return Foundation.Data().databaseValue }
            return Foundation.Data(bytes: bytes, count: Int(sqlite3_column_bytes(pointer, index))).databaseValue
        default: return .null
        }
    }
}

// MARK: - Private

extension SQLiteHotReader {
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Call only with `lock` held.
    private func prepared(_ sql: String) throws(StorageError) -> PreparedStatement {
        if let statement = statements[sql] { return statement }
        var pointer: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil)
        guard status == SQLITE_OK, let pointer else { throw .failed(String(cString: sqlite3_errmsg(handle))) }
        var columns: [String: Int32] = [:]
        for index in 0..<sqlite3_column_count(pointer) {
            guard let name = sqlite3_column_name(pointer, index) else { continue }
            let text = String(cString: name)
            if columns[text] == nil { columns[text] = index }
            if columns[text.lowercased()] == nil { columns[text.lowercased()] = index }
        }
        let statement = PreparedStatement(pointer: pointer, columns: columns)
        statements[sql] = statement
        return statement
    }

    private static func bind(_ value: DatabaseValue, at index: Int32, _ statement: PreparedStatement) {
        switch value.storage {
        case .null: sqlite3_bind_null(statement.pointer, index)
        case .int64(let integer): sqlite3_bind_int64(statement.pointer, index, integer)
        case .double(let double): sqlite3_bind_double(statement.pointer, index, double)
        case .string(let text): sqlite3_bind_text(statement.pointer, index, text, -1, transient)
        case .blob(let data):
            _ = data.withUnsafeBytes { bytes in
                sqlite3_bind_blob(statement.pointer, index, bytes.baseAddress, Int32(bytes.count), transient)
            }
        }
    }
}
