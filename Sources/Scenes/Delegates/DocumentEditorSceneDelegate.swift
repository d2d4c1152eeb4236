public import Domain
import Logging
public import Platform
public import Presentation

/// The "Document Editor" scene: hosts a ``DocumentEditorViewModel`` and keeps its unsaved
/// draft in the scene's restoration activity, so a disconnected editor comes back as it was.
// Main-actor by this module's default; spelled out because a release build of a module that
// imports this one otherwise reads the class as nonisolated and rejects its isolated deinit.
@MainActor
public final class DocumentEditorSceneDelegate: SceneDelegate {
    /// What the scene holds.
    public enum Content {
        /// Nothing yet: the scene has not connected.
        case empty
        /// The document is open in an editor (a new document at once).
        case editing(DocumentEditorViewModel)
        /// The document did not load; the requested draft waits, unchanged, with the reason.
        case unopened(DocumentEditActivity, failure: String)
    }

    /// What the scene holds.
    public private(set) var content = Content.empty
    /// The document edited, as its activity names it (`nil` for a new one not saved yet).
    public private(set) var documentId: Int?
    /// The cursor's offset in the body.
    public private(set) var cursor = 0

    /// The editor, once the document loaded.
    public var editor: DocumentEditorViewModel? {
        if case .editing(let editor) = content { editor } else { nil }
    }

    /// Why the document did not load, if it did not.
    public var loadFailure: String? {
        if case .unopened(_, let failure) = content { failure } else { nil }
    }
    let fetchDocument: FetchDocumentUseCase
    private let createDocument: CreateDocumentUseCase
    private let updateDocument: UpdateDocumentUseCase
    private let findConflict: FindConflictUseCase
    private let logger = Logger(label: "strata.presentation.scenes")

    /// Creates the delegate over the use cases its editor needs.
    public init(
        fetchDocument: FetchDocumentUseCase, createDocument: CreateDocumentUseCase,
        updateDocument: UpdateDocumentUseCase, findConflict: FindConflictUseCase
    ) {
        self.findConflict = findConflict
        self.fetchDocument = fetchDocument
        self.createDocument = createDocument
        self.updateDocument = updateDocument
    }

    isolated deinit {
        editor?.onDisappear()
        logger.debug("deinit DocumentEditorSceneDelegate")
    }

    /// Opens the requested document, or the session's saved one, with its unsaved draft.
    public func scene(_ scene: Scene, willConnectTo session: SceneSession, options: SceneConnectionOptions) async {
        let restored = session.stateRestorationActivity?.payload(as: DocumentEditActivity.self)
        let requested = options.userActivities.lazy.compactMap { $0.payload(as: DocumentEditActivity.self) }.first
        var payload = requested ?? restored ?? .opening(nil)
        if let requested, let restored, requested.documentId == restored.documentId {
            payload = restored.overlaid(with: requested)
        }
        await open(payload)
    }

    /// Applies the draft fields `activity` carries to the open document.
    public func scene(_ scene: Scene, continue activity: UserActivity) async {
        guard let requested = activity.payload(as: DocumentEditActivity.self) else { return }
        guard requested.documentId == documentId, let current = currentPayload else { return await open(requested) }
        await open(current.overlaid(with: requested))
    }

    /// Cancels a save in flight; the draft stays and is saved with the session.
    public func sceneDidDisconnect(_ scene: Scene) {
        editor?.onDisappear()
    }

    /// The document and its unsaved draft.
    public func stateRestorationActivity(for scene: Scene) -> UserActivity? {
        currentPayload.map(UserActivity.documentEdit)
    }

    /// Replaces the draft's title.
    public func setTitle(_ title: String) {
        editor?.edit { $0.title = title }
    }

    /// Replaces the draft's body and puts the cursor at its end.
    public func setBody(_ body: String) {
        editor?.edit { $0.body = body }
        cursor = body.count
    }

    /// Adds `text` at the end of the body and puts the cursor after it.
    public func append(_ text: String) {
        editor?.edit { $0.body += text }
        cursor = editor?.draft.body.count ?? cursor
    }

    /// Replaces the whole draft, as typing one field of it does; the cursor goes to the end of
    /// the body when the body changed, and stays where it was otherwise.
    public func replaceDraft(with draft: DocumentDraft) {
        guard let editor else { return }
        let bodyChanged = draft.body != editor.draft.body
        editor.edit { $0 = draft }
        cursor = bodyChanged ? draft.body.count : min(cursor, draft.body.count)
    }

    /// Throws the draft away.
    public func revert() {
        editor?.revert()
        cursor = editor?.draft.body.count ?? 0
    }
}

// MARK: - Private

extension DocumentEditorSceneDelegate {
    /// What the scene shows now, as an activity payload.
    private var currentPayload: DocumentEditActivity? {
        let editor: DocumentEditorViewModel
        switch content {
        case .empty: return nil
        case .unopened(let waiting, _): return waiting
        case .editing(let open): editor = open
        }
        let draft = editor.draft
        let original = editor.saved.map(DocumentDraft.init) ?? .empty
        return DocumentEditActivity(
            documentId: editor.saved?.id.rawValue ?? documentId,
            changes: editor.state.hasUnsavedChanges
                ? DocumentChanges(from: original, to: draft) : DocumentChanges(.empty, fields: []),
            cursor: min(cursor, draft.body.count))
    }

    private func open(_ payload: DocumentEditActivity) async {
        documentId = payload.documentId
        var document: Document?
        if let number = payload.documentId {
            let fetched = await Result { () throws(DocumentError) in try DocumentRules.id(number) }
                .asyncFlatMap { id in await fetchDocument.execute(id: id) }
            switch fetched {
            case .success(let fetched): document = fetched.value
            case .failure(let error):
                content = .unopened(payload, failure: UserMessages.text(for: error))
                return
            }
        }
        let draft = payload.changes.applied(to: document.map(DocumentDraft.init) ?? .empty)
        let editor = DocumentEditorViewModel(
            editing: document, draft: draft, createDocument: createDocument, updateDocument: updateDocument,
            findConflict: findConflict)
        cursor = min(max(payload.cursor, 0), draft.body.count)
        content = .editing(editor)
    }
}

extension DocumentEditActivity {
    /// This draft with the fields `newer` carries written over it.
    fileprivate func overlaid(with newer: DocumentEditActivity) -> DocumentEditActivity {
        guard newer.hasDraft else { return self }
        let changes = DocumentChanges(
            newer.changes.applied(to: changes.values), fields: changes.fields.union(newer.changes.fields))
        return DocumentEditActivity(documentId: documentId, changes: changes, cursor: newer.cursor)
    }
}

extension DocumentEditorSceneDelegate {
    /// Document text is covered while the scene is in the background.
    public var isPrivacySensitive: Bool { true }
}
