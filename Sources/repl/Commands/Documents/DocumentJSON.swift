import Domain
import Foundation

/// A whole document in the shell's JSON; field names are a contract: add, never rename.
struct DocumentJSON: Encodable {
    let id: Int
    let title: String
    let body: String
    let tags: [String]
    let version: Int
    let createdAt: Date
    let updatedAt: Date
    let origin: String?
    let freshness: String?
    let ageSeconds: Int?
    let syncState: String

    init(_ document: Document, _ provenance: Provenance?) {
        syncState = document.syncState.rawValue
        id = document.id.rawValue
        title = document.title
        body = document.body
        tags = document.tags
        version = document.version
        createdAt = document.createdAt
        updatedAt = document.updatedAt
        origin = provenance?.origin.rawValue
        freshness = provenance?.freshness.rawValue
        ageSeconds = provenance?.ageSeconds
    }
}

/// A document in a list.
struct DocumentSummaryJSON: Encodable {
    let id: Int
    let title: String
    let tags: [String]
    let updatedAt: Date
    let version: Int

    init(_ summary: DocumentSummary) {
        id = summary.id.rawValue
        title = summary.title
        tags = summary.tags
        updatedAt = summary.updatedAt
        version = summary.version
    }
}

/// A list of documents with its provenance.
struct DocumentListJSON: Encodable {
    let items: [DocumentSummaryJSON]
    let count: Int
    let origin: String?
    let freshness: String?
    let ageSeconds: Int?
}

/// The answer to `docs delete`.
struct DeletedJSON: Encodable {
    let deleted: Int
}
