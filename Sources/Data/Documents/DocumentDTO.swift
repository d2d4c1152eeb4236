import Domain
import Foundation

/// A document as the API sends it (Docs/API.md); a write sends it without `id`, `version` and its
/// times (the synthesized encoding leaves a nil optional out).
struct DocumentDTO: Codable, Sendable, Equatable {
    var id: Int?
    var title: String
    var body: String
    var tags: [String]
    /// When the server made it and last changed it (the server sets both).
    var createdAt: Date?
    var updatedAt: Date?
    var version: Int?

    /// A write's JSON: every editable field, none of those the server sets.
    ///
    /// The only initializer, so there is no synthesized one whose nil defaults would let a call
    /// site drop a field (Docs/Conventions.md).
    init(sending content: DocumentDraft) {
        title = content.title
        body = content.body
        tags = content.tags
        id = nil
        createdAt = nil
        updatedAt = nil
        version = nil
    }

    /// The editable fields it carries.
    var content: DocumentDraft { DocumentDraft(title: title, body: body, tags: tags) }
}

/// A document summary in a list: a document without its body.
struct DocumentSummaryDTO: Codable, Sendable, Equatable {
    let id: Int
    let title: String
    let tags: [String]
    let updatedAt: Date
    let version: Int
}
