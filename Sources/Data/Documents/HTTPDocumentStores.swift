public import Domain
import Foundation

extension APIClient {
    /// Documents by id: `GET /documents/:id`.
    public func documentStore() -> some RemoteStore<Document.ID, Document> {
        HTTPResourceStore<Document.ID, DocumentDTO, Document>(
            client: self, request: { ("documents/\($0.rawValue)", []) },
            map: { dto throws(RemoteError) in try dto.toDomain() }, identify: { $0.id })
    }

    /// Lists and searches: `GET /documents?q=`.
    public func documentListStore() -> some RemoteStore<DocumentListQuery, [DocumentSummary]> {
        HTTPResourceStore<DocumentListQuery, DocumentListDTO, [DocumentSummary]>(
            client: self,
            request: { query in ("documents", query.search.map { [URLQueryItem(name: "q", value: $0)] } ?? []) },
            map: { dto throws(RemoteError) in try dto.toDomain() }, identify: nil)
    }
}
