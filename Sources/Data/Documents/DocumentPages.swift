public import Domain
import Foundation
import GRDB

/// Pages of the document list from the server (`GET /documents?limit=N&after=CURSOR`).
public protocol DocumentPageReading: Sendable {
    /// One page and the server's cursor of the next (passed on as it came).
    func page(_ request: PageRequest) async throws(RemoteError) -> DocumentPage
}

/// The server's pages over the API.
struct HTTPDocumentPages: DocumentPageReading {
    let api: APIClient

    /// A page's answer: the list's shape, with the next page's cursor.
    private struct PageDTO: Decodable {
        let items: [DocumentSummaryDTO]
        let next: String?
    }

    func page(_ request: PageRequest) async throws(RemoteError) -> DocumentPage {
        var query = [URLQueryItem(name: "limit", value: String(request.limit))]
        if let after = request.after { query.append(URLQueryItem(name: "after", value: after.rawValue)) }
        guard case .modified(let dto, _) = try await api.get("documents", query: query, as: PageDTO.self) else {
            throw .invalidData("a page answered 304 to a request without validators")
        }
        let items = try dto.items.map { item throws(RemoteError) in try item.toDomain() }
        guard let next = dto.next.map({ PageCursor(rawValue: $0) }) else {
            return DocumentPage(items: items, next: nil)
        }
        guard let next else { throw .invalidData("the server's next cursor is not one the app can pass on") }
        return DocumentPage(items: items, next: next)
    }
}

extension APIClient {
    /// The server's pages of the document list.
    public func documentPageStore() -> some DocumentPageReading { HTTPDocumentPages(api: self) }
}

/// Pages of the documents stored on this device: keyset pages in ``DocumentOrder`` over
/// `document` (the index `document_order` keeps the first page of 100,000 rows a few
/// milliseconds away), with this device's own cursors (`d1.`, opaque to everyone else).
struct DeviceDocumentPages: Sendable {
    let database: AppDatabase

    private static let prefix = "d1."

    /// The stored documents after `request.after`, at most `request.limit`, and the next cursor.
    func page(_ request: PageRequest, leaving skipped: Set<Document.ID>) throws(DocumentError) -> DocumentPage {
        var sql = "SELECT id, title, tags, updated_at, version FROM document WHERE 1"
        var arguments: StatementArguments = []
        if let after = request.after {
            guard let (updatedAt, id) = Self.position(after) else { throw .invalidCursor }
            sql += " AND (updated_at < ? OR (updated_at = ? AND id < ?))"
            arguments += [updatedAt, updatedAt, id]
        }
        if !skipped.isEmpty {
            // Few: the documents with unsent changes, shown as this device has them instead.
            sql += " AND id NOT IN (\(Array(repeating: "?", count: skipped.count).joined(separator: ",")))"
            arguments += StatementArguments(skipped.map(\.rawValue))
        }
        sql += " ORDER BY updated_at DESC, id DESC LIMIT ?"
        arguments += [request.limit + 1]
        let rows: [Row]
        do {
            rows = try database.read { db in try Row.fetchAll(db, sql: sql, arguments: arguments) }
        } catch {
            throw .storageFailure
        }
        let more = rows.count > request.limit
        let kept = rows.prefix(request.limit)
        let next =
            more
            ? kept.last.flatMap {
                Self.cursor(updatedAt: $0[DocumentRecord.Columns.updatedAt], id: $0[DocumentRecord.Columns.id])
            } : nil
        let items = kept.compactMap(DocumentRecord.summary)
        return DocumentPage(items: items, next: next)
    }

    private static func cursor(updatedAt: Double, id: Int) -> PageCursor? {
        let text = "\(String(updatedAt.bitPattern, radix: 16)):\(id)"
        return PageCursor(
            rawValue: prefix + Data(text.utf8).base64EncodedString().replacingOccurrences(of: "=", with: ""))
    }

    /// The position a cursor of this device's names; nil for any other text.
    private static func position(_ cursor: PageCursor) -> (Double, Int)? {
        guard cursor.rawValue.hasPrefix(prefix) else { return nil }
        var base64 = String(cursor.rawValue.dropFirst(prefix.count))
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else { return nil }
        let parts = text.split(separator: ":")
        guard parts.count == 2, let bits = UInt64(parts[0], radix: 16), let id = Int(parts[1]) else { return nil }
        let updatedAt = Double(bitPattern: bits)
        return updatedAt.isFinite ? (updatedAt, id) : nil
    }
}
