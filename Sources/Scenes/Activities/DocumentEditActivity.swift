public import Platform
import Presentation

/// An editor's state: which document, the unsaved draft and where the cursor is.
///
/// `draftTitle`, `draftBody` and `draftTags` are `nil` when that field has no unsaved change, so
/// restoring overlays only what the user typed on the document as saved.
nonisolated public struct DocumentEditActivity: ActivityPayload {
    /// `com.strata.document.edit`.
    public static let activityType = "com.strata.document.edit"
    /// Version 3 added the tags, version 2 the cursor; both older versions are read (see
    /// ``Version1``; version 2 is this schema without `draftTags`).
    public static let schemaVersion = 3

    /// The document edited, or `nil` for a document not created yet.
    public var documentId: Int?
    /// The unsaved title, or `nil` when the title is unchanged.
    public var draftTitle: String?
    /// The unsaved body, or `nil` when the body is unchanged.
    public var draftBody: String?
    /// The unsaved tags, or `nil` when the tags are unchanged.
    public var draftTags: [String]?
    /// The cursor's offset in the body, in characters.
    public var cursor: Int

    /// Creates the payload.
    public init(documentId: Int?, draftTitle: String?, draftBody: String?, draftTags: [String]?, cursor: Int) {
        self.documentId = documentId
        self.draftTitle = draftTitle
        self.draftBody = draftBody
        self.draftTags = draftTags
        self.cursor = cursor
    }

    /// The activity of opening a document (a new one when `documentId` is `nil`) with no draft.
    public static func opening(_ documentId: Int?) -> DocumentEditActivity {
        DocumentEditActivity(documentId: documentId, draftTitle: nil, draftBody: nil, draftTags: nil, cursor: 0)
    }

    /// Whether the payload carries unsaved changes.
    public var hasDraft: Bool { draftTitle != nil || draftBody != nil || draftTags != nil }

    /// `document/42`, or `nil` for a new document (every new document gets its own scene).
    public var targetContentIdentifier: String? { documentId.map { "document/\($0)" } }

    /// The first schema, without a cursor: restored with the cursor at the end of the body.
    public struct Version1: Decodable, Sendable {
        /// The document edited.
        public var documentId: Int?
        /// The unsaved title.
        public var draftTitle: String?
        /// The unsaved body.
        public var draftBody: String?

        /// The same draft in the current schema.
        public func migrated() -> DocumentEditActivity {
            DocumentEditActivity(
                documentId: documentId, draftTitle: draftTitle, draftBody: draftBody, draftTags: nil,
                cursor: draftBody?.count ?? 0)
        }
    }
}
