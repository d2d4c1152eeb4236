/// Settles a conflict the user resolved by hand.
public struct ResolveConflictUseCase: Sendable {
    private let repository: any SyncRepositoryProtocol

    /// Creates the use case over a repository.
    public init(repository: any SyncRepositoryProtocol) {
        self.repository = repository
    }

    /// Keeps the chosen version (`nil`: the server's deletion); a merged body must follow the
    /// document rules.
    ///
    /// ```swift
    /// let kept = await ResolveConflictUseCase(repository: sync).execute(entryId: 3, keeping: .remote)
    /// ```
    public func execute(entryId: Int, keeping resolution: ConflictResolution) async -> Result<Document?, SyncError> {
        if case .merged(let body) = resolution,
            let error = DocumentRules.check(body: body)
        {
            return .failure(.invalidMerge(error.errorDescription ?? "\(error)"))
        }
        return await .catching { () async throws(SyncError) in
            try await repository.resolve(entryId: entryId, keeping: resolution)
        }
    }
}
