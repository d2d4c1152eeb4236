/// Reads one document by identifier.
public struct FetchDocumentUseCase: Sendable {
    private let repository: any DocumentRepositoryProtocol

    /// Creates the use case over a repository.
    public init(repository: any DocumentRepositoryProtocol) {
        self.repository = repository
    }

    /// Reads the document.
    ///
    /// ```swift
    /// let result = await FetchDocumentUseCase(repository: repository).execute(id: try DocumentRules.id(1))
    /// ```
    public func execute(
        id: Document.ID, policy: ReadPolicy = .cacheFirst
    ) async -> Result<Fetched<Document>, DocumentError> {
        await .catching { () async throws(DocumentError) in
            try await repository.document(id: id, policy: policy)
        }
    }
}
