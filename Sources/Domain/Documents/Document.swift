public import Foundation

/// A text document the user edits; the sample app's main entity.
///
/// Its editable fields are one ``DocumentDraft`` (``content``), so a new field is declared there
/// once; `document.title` and the like read and write it through dynamic member lookup.
@dynamicMemberLookup
public struct Document: Identifiable, Hashable, Sendable {
    /// Who issued the identifier: the server, or this device for a document not sent yet.
    public let id: ID
    /// The fields the user edits: title, body, tags.
    public var content: DocumentDraft
    /// When the document was first saved.
    public let createdAt: Date
    /// When the document was last saved.
    public var updatedAt: Date
    /// Incremented by every saved change; used to detect conflicting edits.
    public var version: Int
    /// Whether the server has this version: set by the repository, not stored with the document.
    public var syncState: SyncState

    /// Creates a document from all of its fields.
    public init(
        id: ID, content: DocumentDraft, createdAt: Date, updatedAt: Date, version: Int, syncState: SyncState
    ) {
        self.id = id
        self.content = content
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
        self.syncState = syncState
    }

    /// A new document made of `draft`'s fields, saved at `moment` (made and last changed then).
    public init(_ draft: DocumentDraft, id: ID, savedAt moment: Date, version: Int, syncState: SyncState) {
        self.init(
            id: id, content: draft, createdAt: moment, updatedAt: moment, version: version, syncState: syncState)
    }

    /// An editable field, read or written as `document.title`.
    ///
    /// Inlinable, so a caller in another module reads the stored property directly instead of
    /// walking a key path at run time.
    @inlinable public subscript<Value>(dynamicMember field: WritableKeyPath<DocumentDraft, Value>) -> Value {
        get { content[keyPath: field] }
        set { content[keyPath: field] = newValue }
    }

    /// The document without its body, as lists show it.
    public var summary: DocumentSummary {
        DocumentSummary(id: id, title: content.title, tags: content.tags, updatedAt: updatedAt, version: version)
    }
}
