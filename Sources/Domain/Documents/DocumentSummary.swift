public import Foundation

/// The part of a ``Document`` that lists and search results show.
public struct DocumentSummary: Identifiable, Hashable, Sendable {
    /// The document's identifier.
    public let id: Document.ID
    /// The document's title.
    public var title: String
    /// The document's tags.
    public var tags: [String]
    /// When the document was last saved.
    public var updatedAt: Date
    /// The document's version.
    public var version: Int

    /// Creates a summary from its fields.
    public init(id: Document.ID, title: String, tags: [String], updatedAt: Date, version: Int) {
        self.id = id
        self.title = title
        self.tags = tags
        self.updatedAt = updatedAt
        self.version = version
    }
}
