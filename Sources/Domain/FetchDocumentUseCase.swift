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
    /// let result = await FetchDocumentUseCase(repository: repository).execute(id: 1)
    /// ```
    public func execute(id: Int, policy: ReadPolicy = .cacheFirst) async -> Result<Fetched<Document>, DocumentError> {
        if let error = DocumentRules.check(id: id) { return .failure(error) }
        return await .catching { () async throws(DocumentError) in
            try await repository.document(id: id, policy: policy)
        }
    }
}
