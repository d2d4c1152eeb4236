/// Deletes a document.
public struct DeleteDocumentUseCase: Sendable {
    private let repository: any DocumentRepositoryProtocol

    /// Creates the use case over a repository.
    public init(repository: any DocumentRepositoryProtocol) {
        self.repository = repository
    }

    /// Deletes the document with this identifier.
    ///
    /// ```swift
    /// let result = await DeleteDocumentUseCase(repository: repository).execute(id: try DocumentRules.id(3))
    /// ```
    public func execute(id: Document.ID) async -> Result<Void, DocumentError> {
        await .catching { () async throws(DocumentError) in try await repository.delete(id: id) }
    }
}
