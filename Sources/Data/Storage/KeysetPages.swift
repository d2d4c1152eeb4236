import Domain
import Foundation
import GRDB

/// Pages of any collection's rows stored on this device, newest change first.
///
/// Keyset pages over `updated_at DESC, id DESC` (with an index in that order a page costs the same
/// wherever it is in the list), with this device's own cursors (`d1.`, opaque to everyone else).
/// A cursor names its table, so one list's cursor is refused by another's. Documents and every
/// feature page through it.
struct KeysetPages: Sendable {
    /// Why a page could not be read.
    enum Failure: Error, Equatable {
        /// The cursor is not one these pages handed out.
        case invalidCursor
        /// The device's storage failed.
        case storage
    }

    let database: AppDatabase
    /// The table; it has `id INTEGER` and `updated_at REAL` columns.
    let table: String
    /// The columns each row brings.
    let columns: String

    private static let prefix = "d1."

    /// The rows after `request.after`, at most `request.limit`, leaving out `skipped`, and the
    /// next page's cursor.
    func page(_ request: PageRequest, leaving skipped: Set<Int>) throws(Failure) -> (rows: [Row], next: PageCursor?) {
        var sql = "SELECT \(columns), updated_at AS page_updated_at, id AS page_id FROM \(table) WHERE 1"
        var arguments: StatementArguments = []
        if let after = request.after {
            guard let (updatedAt, id) = position(after) else { throw .invalidCursor }
            sql += " AND (updated_at < ? OR (updated_at = ? AND id < ?))"
            arguments += [updatedAt, updatedAt, id]
        }
        if !skipped.isEmpty {
            // Few: the items with unsent changes, which the caller shows as this device has them.
            sql += " AND id NOT IN (\(Array(repeating: "?", count: skipped.count).joined(separator: ",")))"
            arguments += StatementArguments(skipped.sorted())
        }
        sql += " ORDER BY updated_at DESC, id DESC LIMIT ?"
        arguments += [request.limit + 1]
        let rows: [Row]
        do {
            rows = try database.read { db in try Row.fetchAll(db, sql: sql, arguments: arguments) }
        } catch {
            throw .storage
        }
        let kept = Array(rows.prefix(request.limit))
        guard rows.count > request.limit, let last = kept.last else { return (kept, nil) }
        do {
            // Decoded with `try`: GRDB's subscript traps on a value it cannot convert (a damaged row).
            let updatedAt = try last.decode(Double.self, forColumn: "page_updated_at")
            return (kept, cursor(updatedAt: updatedAt, id: try last.decode(Int.self, forColumn: "page_id")))
        } catch {
            throw .storage
        }
    }

    private func cursor(updatedAt: Double, id: Int) -> PageCursor? {
        let text = "\(table):\(String(updatedAt.bitPattern, radix: 16)):\(id)"
        return PageCursor(
            rawValue: Self.prefix + Data(text.utf8).base64EncodedString().replacingOccurrences(of: "=", with: ""))
    }

    /// The position a cursor of this table's names; nil for any other text, another table's
    /// cursor among them.
    private func position(_ cursor: PageCursor) -> (Double, Int)? {
        guard cursor.rawValue.hasPrefix(Self.prefix) else { return nil }
        var base64 = String(cursor.rawValue.dropFirst(Self.prefix.count))
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else { return nil }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == table, let bits = UInt64(parts[1], radix: 16), let id = Int(parts[2])
        else { return nil }
        let updatedAt = Double(bitPattern: bits)
        return updatedAt.isFinite ? (updatedAt, id) : nil
    }
}
