/// Settles a conflict the user resolved by hand.
public struct ResolveConflictUseCase: Sendable {
    private let repository: any SyncRepositoryProtocol

    /// Creates the use case over a repository.
    public init(repository: any SyncRepositoryProtocol) {
        self.repository = repository
    }

    /// Keeps the chosen version of the item in `conflict`; a document's merged body must follow
    /// the document rules.
    ///
    /// Returns the item's identifier now, `nil` when a deletion was kept (the server's or this
    /// device's), as ``SyncRepositoryProtocol/resolve(entryId:keeping:)`` does.
    ///
    /// ```swift
    /// let kept = await ResolveConflictUseCase(repository: sync).execute(conflict, keeping: .remote)
    /// ```
    public func execute(_ conflict: ItemConflict, keeping resolution: ConflictResolution) async -> Result<
        Int?, SyncError
    > {
        if case .merged(let body) = resolution, conflict.collection == QueuedChange.documents,
            let error = DocumentRules.check(body: body)
        {
            return .failure(.invalidMerge(error.errorDescription ?? "\(error)"))
        }
        return await .catching { () async throws(SyncError) in
            try await repository.resolve(entryId: conflict.entryId, keeping: resolution)
        }
    }
}
