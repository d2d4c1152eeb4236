import Foundation

/// Finds documents that ``DocumentSearch`` matches with a query.
public struct SearchDocumentsUseCase: Sendable {
    private let repository: any DocumentRepositoryProtocol

    /// Creates the use case over a repository.
    public init(repository: any DocumentRepositoryProtocol) {
        self.repository = repository
    }

    /// Searches, ignoring case and surrounding white space.
    ///
    /// ```swift
    /// let result = await SearchDocumentsUseCase(repository: repository).execute(query: "layers")
    /// ```
    public func execute(
        query: String, policy: ReadPolicy = .cacheFirst
    ) async -> Result<Fetched<[DocumentSummary]>, DocumentError> {
        if let error = DocumentRules.check(query: query) { return .failure(error) }
        let normalized = SearchWords.normalized(query)
        return await .catching { () async throws(DocumentError) in
            try await repository.search(normalized, policy: policy)
        }
    }
}
