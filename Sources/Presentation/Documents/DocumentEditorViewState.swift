public import Domain

/// What the document editor shows.
nonisolated public enum DocumentEditorViewState: Equatable, Sendable, CustomStringConvertible {
    /// The draft matches what is saved.
    case clean(DocumentDraft)
    /// The draft has unsaved changes.
    case dirty(DocumentDraft)
    /// The draft is being saved.
    case saving(DocumentDraft)
    /// The save worked; this is the saved document.
    case saved(Document)
    /// The save failed; the draft is kept, with the failure and per-field messages.
    case failed(DocumentDraft, failure: ViewFailure, fieldMessages: [DocumentField: String])
    /// Saved on this device, but the server has another version (`nil`: deleted there); both are
    /// kept until the user resolves the conflict.
    case conflict(local: DocumentDraft, remote: Document?)

    /// The draft on screen.
    public var draft: DocumentDraft {
        switch self {
        case .clean(let draft), .dirty(let draft), .saving(let draft), .failed(let draft, _, _),
            .conflict(let draft, _):
            draft
        case .saved(let document): DocumentDraft(document)
        }
    }

    /// Whether the draft differs from what is saved (dirty, saving, or a failed save).
    public var hasUnsavedChanges: Bool {
        switch self {
        case .dirty, .saving, .failed, .conflict: true
        case .clean, .saved: false
        }
    }

    /// A one-line description for traces.
    public var description: String {
        switch self {
        case .clean: "clean"
        case .dirty(let draft): "dirty(title: \"\(draft.title)\")"
        case .saving: "saving"
        case .saved(let document) where document.syncState == .pending: "saved (pending sync)"
        case .saved(let document): "saved(version \(document.version))"
        case .conflict(_, let remote): "conflict(remote version \(remote.map { String($0.version) } ?? "deleted"))"
        case .failed(_, let failure, _): "failed(\(failure.message))"
        }
    }
}
