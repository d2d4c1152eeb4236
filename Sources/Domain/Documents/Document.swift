public import Foundation

/// A text document the user edits; the sample app's main entity.
public struct Document: Identifiable, Hashable, Sendable {
    /// Who issued the identifier: the server, or this device for a document not sent yet.
    public let id: ID
    /// A short, non-empty title.
    public var title: String
    /// The document's text.
    public var body: String
    /// Labels used to group and find documents.
    public var tags: [String]
    /// When the document was first saved.
    public let createdAt: Date
    /// When the document was last saved.
    public var updatedAt: Date
    /// Incremented by every saved change; used to detect conflicting edits.
    public var version: Int
    /// Whether the server has this version: set by the repository, not stored with the document.
    public var syncState: SyncState = .synced

    /// Creates a document from all of its fields.
    public init(
        id: ID, title: String, body: String, tags: [String], createdAt: Date, updatedAt: Date, version: Int,
        syncState: SyncState
    ) {
        self.id = id
        self.title = title
        self.body = body
        self.tags = tags
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
        self.syncState = syncState
    }

    /// A new document made of `draft`'s fields, saved at `moment` (made and last changed then).
    public init(_ draft: DocumentDraft, id: ID, savedAt moment: Date, version: Int, syncState: SyncState) {
        self.init(
            id: id, title: draft.title, body: draft.body, tags: draft.tags, createdAt: moment, updatedAt: moment,
            version: version, syncState: syncState)
    }

    /// The document without its body, as lists show it.
    public var summary: DocumentSummary {
        DocumentSummary(id: id, title: title, tags: tags, updatedAt: updatedAt, version: version)
    }
}
