public import Domain

/// Creates or changes one document; a failed save keeps the draft.
///
/// The generic editor every generated feature's editor is, over a document and its draft.
public typealias DocumentEditorViewModel = ItemEditorViewModel<Document, DocumentDraft>

/// What the document editor shows.
public typealias DocumentEditorViewState = ItemEditorViewState<Document, DocumentDraft>

extension ItemEditorViewModel where Item == Document, Draft == DocumentDraft {
    /// An editor of `document` (a new one when `nil`) showing `draft`; a save in conflict reads
    /// both versions with `findConflict`.
    public convenience init(
        editing document: Document?, draft: DocumentDraft, createDocument: CreateDocumentUseCase,
        updateDocument: UpdateDocumentUseCase, findConflict: FindConflictUseCase
    ) {
        self.init(
            name: "DocumentEditorViewModel", editing: document, draft: draft, draftOf: { DocumentDraft($0) },
            rebase: { $0.rebased(from: $1, onto: $2) },
            findConflict: { await findConflict.execute(collection: QueuedChange.documents, itemId: $0.id.rawValue) },
            cancelled: DocumentError.cancelled,
            save: Self.save(createDocument: createDocument, updateDocument: updateDocument))
    }

    /// How a draft is saved: as a new document when nothing is saved yet, else as the changes
    /// from the saved one, so a save sends only the fields the user changed.
    public static func save(createDocument: CreateDocumentUseCase, updateDocument: UpdateDocumentUseCase) -> Save<
        DocumentError
    > {
        { saved, draft in
            guard let saved else { return await createDocument.execute(draft) }
            return await updateDocument.execute(
                id: saved.id, changes: DocumentChanges(from: DocumentDraft(saved), to: draft))
        }
    }
}
