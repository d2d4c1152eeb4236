public import Domain

/// Imports many documents: the generic import over `ImportDocumentsUseCase`.
public typealias DocumentImportViewModel = ImportViewModel<DocumentDraft>

/// What the document import shows.
public typealias DocumentImportViewState = ImportViewState

extension ImportViewModel where Draft == DocumentDraft {
    /// The import of documents with `importDocuments`, `chunkSize` drafts saved together.
    public convenience init(importDocuments: ImportDocumentsUseCase, chunkSize: Int = 500) {
        self.init(
            name: "DocumentImportViewModel", chunkSize: chunkSize,
            validate: { draft throws(DocumentError) in
                if let error = DocumentRules.check(draft) { throw error }
            },
            save: { await importDocuments.save($0) }, send: { await importDocuments.send() },
            cancelled: DocumentError.cancelled)
    }
}
