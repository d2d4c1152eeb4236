public import Domain
import Logging
public import Observation

/// Edits a new or existing document; a failed save keeps the draft.
@MainActor
@Observable
public final class DocumentEditorViewModel: StatefulViewModel {
    /// What the screen shows; observed, so a view that reads it is redrawn when it changes.
    public private(set) var state: DocumentEditorViewState {
        didSet { transitions.record(state, after: oldValue) }
    }
    /// Every state set, in order, for traces and tests (observation coalesces; this does not).
    public let transitions = StateTransitions<DocumentEditorViewState>()
    /// The running save.
    public let tasks = TaskBag()
    /// The document as last saved, or `nil` for a document not created yet.
    public private(set) var saved: Document?
    private let createDocument: CreateDocumentUseCase
    private let updateDocument: UpdateDocumentUseCase
    private let findConflict: FindConflictUseCase
    private let logger = Logger(label: "strata.presentation")

    /// Creates an editor for `document`, or for a new document when it is `nil`, reading a save's
    /// conflict with `findConflict`.
    public init(
        document: Document?, createDocument: CreateDocumentUseCase, updateDocument: UpdateDocumentUseCase,
        findConflict: FindConflictUseCase
    ) {
        saved = document
        self.findConflict = findConflict
        state = .clean(document.map(DocumentDraft.init) ?? .empty)
        self.createDocument = createDocument
        self.updateDocument = updateDocument
    }

    isolated deinit {
        tasks.cancelAll()
        logger.debug("deinit DocumentEditorViewModel")
    }

    /// Changes the draft; ignored while a save is running.
    public func edit(_ change: (inout DocumentDraft) -> Void) {
        if case .saving = state { return }
        var draft = state.draft
        change(&draft)
        state = draft == original ? .clean(draft) : .dirty(draft)
    }

    /// Throws the draft away and goes back to what is saved.
    public func revert() {
        tasks.cancelAll()
        state = .clean(original)
    }

    /// Saves the draft; ignored while a save runs, and for an existing document with nothing to
    /// save (a new document always tries, so its validation errors show).
    @discardableResult
    public func save() -> Task<Void, Never>? {
        let draft: DocumentDraft
        switch state {
        case .dirty(let current), .failed(let current, _, _), .conflict(let current, _): draft = current
        case .clean(let current) where saved == nil: draft = current
        case .clean, .saving, .saved: return nil
        }
        state = .saving(draft)
        let work = saveWork(draft)
        let findConflict = findConflict
        let attempt: @Sendable () async -> (Result<Document, DocumentError>, DocumentConflict?) = {
            let result = await work()
            guard case .success(let document) = result, document.syncState == .conflict else {
                return (result, nil)
            }
            return (result, await findConflict.execute(documentId: document.id))
        }
        return perform("save", attempt) { model, outcome in
            switch outcome.0 {
            case .success(let document) where document.syncState == .conflict:
                model.saved = document
                model.state = .conflict(local: draft, remote: outcome.1?.remote)
            case .success(let document):
                model.saved = document
                model.state = .saved(document)
            case .failure(.cancelled):
                break
            case .failure(let error):
                model.state = .failed(
                    draft, failure: ViewFailure(error), fieldMessages: UserMessages.fieldMessages(for: error))
            }
        }
    }

    /// Takes a newer version of the document, saved elsewhere (another scene, a sync, another device).
    ///
    /// A draft without changes shows it; a draft with changes keeps them and takes the
    /// new version's value of every field the user has not changed, so the next save sends only
    /// the user's changes against the new version. Ignored while a save runs (its answer is
    /// newer) and during a conflict (the user settles it).
    public func receive(_ latest: Document) {
        guard let saved, latest != saved else { return }
        guard latest.id == saved.id || !saved.id.isIssuedByServer else { return }
        let before = original
        switch state {
        case .saving, .conflict:
            return
        case .clean, .saved:
            self.saved = latest
            state = .clean(original)
        case .dirty(let draft), .failed(let draft, _, _):
            self.saved = latest
            let rebased = draft.rebased(from: before, onto: original)
            state = rebased == original ? .clean(rebased) : .dirty(rebased)
        }
    }

    /// Cancels a save in flight; its draft stays unsaved on screen.
    public func onDisappear() {
        tasks.cancelAll()
        if case .saving(let draft) = state { state = .dirty(draft) }
    }
}

// MARK: - Private

extension DocumentEditorViewModel {
    private var original: DocumentDraft { saved.map(DocumentDraft.init) ?? .empty }

    private func saveWork(_ draft: DocumentDraft) -> @Sendable () async -> Result<Document, DocumentError> {
        let create = createDocument
        let update = updateDocument
        guard let saved else {
            return { await create.execute(draft) }
        }
        let changes = DocumentChanges(from: DocumentDraft(saved), to: draft)
        return { await update.execute(id: saved.id, changes: changes) }
    }
}
