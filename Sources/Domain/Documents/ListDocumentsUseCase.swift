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

    /// Lists one page of the documents (a size the rules refuse never reaches the repository).
    ///
    /// ```swift
    /// let first = await ListDocumentsUseCase(repository: repository).execute(page: PageRequest(limit: 50))
    /// ```
    public func execute(page: PageRequest, policy: ReadPolicy = .cacheFirst) async -> Result<
        Fetched<DocumentPage>, DocumentError
    > {
        if let error = DocumentRules.check(pageLimit: page.limit) { return .failure(error) }
        return await .catching { () async throws(DocumentError) in
            try await repository.documents(page: page, policy: policy)
        }
    }
}
