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

/// Pages of the documents stored on this device, in ``DocumentOrder`` (the engine's keyset pages
/// over `document`, in the order of its index `document_order`).
struct DeviceDocumentPages: Sendable {
    let pages: KeysetPages

    init(database: AppDatabase) {
        pages = KeysetPages(database: database, table: "document", columns: "id, title, tags, updated_at, version")
    }

    /// The stored documents after `request.after`, at most `request.limit`, and the next cursor.
    func page(_ request: PageRequest, leaving skipped: Set<Document.ID>) throws(DocumentError) -> DocumentPage {
        do {
            let (rows, next) = try pages.page(request, leaving: Set(skipped.map(\.rawValue)))
            return DocumentPage(items: rows.compactMap(DocumentRecord.summary), next: next)
        } catch .invalidCursor {
            throw .invalidCursor
        } catch {
            throw .storageFailure
        }
    }
}
