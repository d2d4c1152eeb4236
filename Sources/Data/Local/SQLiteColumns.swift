import Foundation
import GRDBSQLite

/// Typed access to the columns of the row a raw statement is positioned on.
///
/// Valid only inside the closure it is passed to: the statement moves on afterwards.
public struct SQLiteColumns {
    private let statement: OpaquePointer

    init(_ statement: OpaquePointer) {
        self.statement = statement
    }

    /// Whether the column is NULL.
    public func isNull(_ index: Int32) -> Bool { sqlite3_column_type(statement, index) == SQLITE_NULL }

    /// An integer column.
    public func int(_ index: Int32) -> Int { Int(sqlite3_column_int64(statement, index)) }

    /// A floating-point column.
    public func double(_ index: Int32) -> Double { sqlite3_column_double(statement, index) }

    /// A text column (empty for NULL).
    public func text(_ index: Int32) -> String {
        guard let pointer = sqlite3_column_text(statement, index) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, index))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// A text column, `nil` for NULL.
    public func optionalText(_ index: Int32) -> String? { isNull(index) ? nil : text(index) }

    /// A floating-point column, `nil` for NULL.
    public func optionalDouble(_ index: Int32) -> Double? { isNull(index) ? nil : double(index) }

    /// A blob column (empty for NULL).
    public func blob(_ index: Int32) -> Foundation.Data {
        guard let pointer = sqlite3_column_blob(statement, index) else { return Foundation.Data() }
        return Foundation.Data(bytes: pointer, count: Int(sqlite3_column_bytes(statement, index)))
    }
}
