public import Domain

/// The editable fields of a document while the user edits it.
nonisolated public struct EditorDraft: Equatable, Sendable {
    /// The title as typed.
    public var title: String
    /// The body as typed.
    public var body: String
    /// The tags as typed.
    public var tags: [String]

    /// Creates a draft.
    public init(title: String, body: String, tags: [String]) {
        self.title = title
        self.body = body
        self.tags = tags
    }

    /// The draft of an existing document.
    public init(_ document: Document) {
        self.init(title: document.title, body: document.body, tags: document.tags)
    }

    /// This draft moved from `old` onto `new`: the fields changed here stay, the others take
    /// `new`'s value.
    func rebased(from old: EditorDraft, onto new: EditorDraft) -> EditorDraft {
        EditorDraft(
            title: title == old.title ? new.title : title, body: body == old.body ? new.body : body,
            tags: tags == old.tags ? new.tags : tags)
    }

    /// The changes that turn `original` into this draft (empty when nothing differs).
    func changes(from original: EditorDraft) -> DocumentChanges {
        DocumentChanges(
            title: title == original.title ? nil : title, body: body == original.body ? nil : body,
            tags: tags == original.tags ? nil : tags
        )
    }
}

/// What the document editor shows.
nonisolated public enum DocumentEditorViewState: Equatable, Sendable, CustomStringConvertible {
    /// The draft matches what is saved.
    case clean(EditorDraft)
    /// The draft has unsaved changes.
    case dirty(EditorDraft)
    /// The draft is being saved.
    case saving(EditorDraft)
    /// The save worked; this is the saved document.
    case saved(Document)
    /// The save failed; the draft is kept, with the failure and per-field messages.
    case failed(EditorDraft, failure: ViewFailure, fieldMessages: [DocumentField: String])
    /// Saved on this device, but the server has another version (`nil`: deleted there); both are
    /// kept until the user resolves the conflict.
    case conflict(local: EditorDraft, remote: Document?)

    /// The draft on screen.
    public var draft: EditorDraft {
        switch self {
        case .clean(let draft), .dirty(let draft), .saving(let draft), .failed(let draft, _, _),
            .conflict(let draft, _):
            draft
        case .saved(let document): EditorDraft(document)
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
