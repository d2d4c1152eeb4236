public import Platform
import Presentation

/// An editor's state: which document, the unsaved draft and where the cursor is.
///
/// `draftTitle` and `draftBody` are `nil` when that field has no unsaved change, so restoring
/// overlays only what the user typed on the document as saved.
nonisolated public struct DocumentEditActivity: ActivityPayload {
    /// `com.strata.document.edit`.
    public static let activityType = "com.strata.document.edit"
    /// Version 2 added the cursor; version 1 is migrated (see ``Version1``).
    public static let schemaVersion = 2

    /// The document edited, or `nil` for a document not created yet.
    public var documentId: Int?
    /// The unsaved title, or `nil` when the title is unchanged.
    public var draftTitle: String?
    /// The unsaved body, or `nil` when the body is unchanged.
    public var draftBody: String?
    /// The cursor's offset in the body, in characters.
    public var cursor: Int

    /// Creates the payload.
    public init(documentId: Int?, draftTitle: String?, draftBody: String?, cursor: Int) {
        self.documentId = documentId
        self.draftTitle = draftTitle
        self.draftBody = draftBody
        self.cursor = cursor
    }

    /// Whether the payload carries unsaved changes.
    public var hasDraft: Bool { draftTitle != nil || draftBody != nil }

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
                documentId: documentId, draftTitle: draftTitle, draftBody: draftBody, cursor: draftBody?.count ?? 0)
        }
    }
}
