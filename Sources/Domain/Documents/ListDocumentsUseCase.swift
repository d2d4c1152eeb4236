/// Lists every document, newest change first.
public struct ListDocumentsUseCase: Sendable {
    private let repository: any DocumentRepositoryProtocol

    /// Creates the use case over a repository.
    public init(repository: any DocumentRepositoryProtocol) {
        self.repository = repository
    }

    /// Lists the documents.
    ///
    /// ```swift
    /// let result = await ListDocumentsUseCase(repository: repository).execute()
    /// ```
    public func execute(policy: ReadPolicy = .cacheFirst) async -> Result<Fetched<[DocumentSummary]>, DocumentError> {
        await .catching { () async throws(DocumentError) in try await repository.documents(policy: policy) }
    }
}
