import Domain

/// The use cases the commands run, wired by the composition root.
struct AppServices {
    /// Lists documents.
    let listDocuments: ListDocumentsUseCase
    /// Reads one document.
    let fetchDocument: FetchDocumentUseCase
    /// Creates a document.
    let createDocument: CreateDocumentUseCase
    /// Changes a document.
    let updateDocument: UpdateDocumentUseCase
    /// Deletes a document.
    let deleteDocument: DeleteDocumentUseCase
    /// Searches documents.
    let searchDocuments: SearchDocumentsUseCase
    /// Reads a user profile.
    let fetchUser: FetchUserUseCase
    /// Pushes the outbox and pulls the server's changes.
    let syncNow: SyncUseCase
    /// Settles a conflict by hand.
    let resolveConflict: ResolveConflictUseCase
    /// Finds a document's conflict, for the editor.
    let findConflict: FindConflictUseCase
    /// The sync engine, for its status, outbox and conflicts.
    let sync: any SyncRepositoryProtocol

    /// Builds every use case over the two repositories.
    init(
        documents: any DocumentRepositoryProtocol, users: any UserRepositoryProtocol, sync: any SyncRepositoryProtocol
    ) {
        self.sync = sync
        syncNow = SyncUseCase(repository: sync)
        resolveConflict = ResolveConflictUseCase(repository: sync)
        findConflict = FindConflictUseCase(repository: sync)
        listDocuments = ListDocumentsUseCase(repository: documents)
        fetchDocument = FetchDocumentUseCase(repository: documents)
        createDocument = CreateDocumentUseCase(repository: documents)
        updateDocument = UpdateDocumentUseCase(repository: documents)
        deleteDocument = DeleteDocumentUseCase(repository: documents)
        searchDocuments = SearchDocumentsUseCase(repository: documents)
        fetchUser = FetchUserUseCase(repository: users)
    }
}
