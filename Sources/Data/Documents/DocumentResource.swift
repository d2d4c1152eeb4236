public import Domain
import Foundation

/// Documents, one collection on the sync engine like every generated feature: their table, their
/// wire form, what lists show of them, their search and their merge.
enum DocumentResource: FeatureResource {
    typealias Item = Document
    typealias Record = DocumentRecord
    typealias Wire = DocumentDTO
    typealias Summary = DocumentSummary
    typealias SummaryWire = DocumentSummaryDTO

    static let collection = "documents"
    static let timeToLive: TimeInterval = 300
    /// Both versions wait for the user, until `conflicts policy` says otherwise.
    static let conflictPolicy = ConflictPolicy.manual
    static let searchableColumns = ["title", "body", "tags"]
    static var searchWeights: [Double] {
        let weights = DocumentSearch.rankWeights
        return [weights.title, weights.body, weights.tags]
    }

    static func id(of document: Document) -> Document.ID { document.id }

    static func item(_ document: Document, identifiedAs id: Document.ID) -> Document {
        Document(
            id: id, content: document.content, createdAt: document.createdAt, updatedAt: document.updatedAt,
            version: document.version, syncState: document.syncState)
    }

    /// The Domain document; the server issues positive identifiers and versions.
    static func item(from wire: DocumentDTO) throws(RemoteError) -> Document {
        guard let number = wire.id, let id = Document.ID.server(number), let version = wire.version, version > 0,
            let createdAt = wire.createdAt, let updatedAt = wire.updatedAt
        else {
            throw .invalidData("document \(wire.id ?? 0) has version \(wire.version ?? 0), or no times")
        }
        return Document(
            id: id, content: wire.content, createdAt: createdAt, updatedAt: updatedAt, version: version,
            syncState: .synced)
    }

    static func wire(for document: Document) -> DocumentDTO {
        DocumentDTO(sending: document.content)
    }

    static func summary(of document: Document) -> DocumentSummary { document.summary }

    static func summary(from wire: DocumentSummaryDTO) throws(RemoteError) -> DocumentSummary {
        guard let id = Document.ID.server(wire.id), wire.version > 0 else {
            throw .invalidData("document \(wire.id) has version \(wire.version)")
        }
        return DocumentSummary(
            id: id, title: wire.title, tags: wire.tags, updatedAt: wire.updatedAt, version: wire.version)
    }

    static func position(of summary: DocumentSummary) -> (updatedAt: Date, id: Int) {
        (summary.updatedAt, summary.id.rawValue)
    }

    /// The merge `conflicts resolve --keep merged --body TEXT` writes: this device's version with
    /// the body the user wrote from both.
    static func merged(local: Document, remote: Document?, body: String) -> Document? {
        var merged = local
        merged.body = body
        return merged
    }
}

extension AppDatabase {
    /// The documents this device holds, one row each in `document`, as a store a data source
    /// caches into (bulk ingest in the benchmarks).
    public func documentStore() -> some LocalStore<Document.ID, Document> {
        RecordStore<DocumentRecord>(database: self)
    }
}

extension APIClient {
    /// Documents by id: `GET /documents/:id`.
    public func documentStore() -> some RemoteStore<Document.ID, Document> {
        HTTPResourceStore<Document.ID, DocumentDTO, Document>(
            client: self, request: { ("documents/\($0.rawValue)", []) },
            map: { wire throws(RemoteError) in try DocumentResource.item(from: wire) }, identify: { $0.id })
    }
}
