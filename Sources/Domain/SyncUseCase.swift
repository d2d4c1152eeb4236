/// Sends queued changes and pulls the server's, as `sync` and background refresh do.
public struct SyncUseCase: Sendable {
    private let repository: any SyncRepositoryProtocol

    /// Creates the use case over a repository.
    public init(repository: any SyncRepositoryProtocol) {
        self.repository = repository
    }

    /// Pushes then pulls; `pullOnly` skips the push (a background fetch).
    ///
    /// ```swift
    /// let report = await SyncUseCase(repository: sync).execute()
    /// ```
    public func execute(
        pullOnly: Bool = false, progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }
    ) async -> Result<SyncReport, SyncError> {
        await .catching { () async throws(SyncError) in
            pullOnly ? try await repository.pull() : try await repository.sync(progress: progress)
        }
    }
}

/// Settles a conflict the user resolved by hand.
public struct ResolveConflictUseCase: Sendable {
    private let repository: any SyncRepositoryProtocol

    /// Creates the use case over a repository.
    public init(repository: any SyncRepositoryProtocol) {
        self.repository = repository
    }

    /// Keeps the chosen version; a merged body must follow the document rules.
    ///
    /// ```swift
    /// let kept = await ResolveConflictUseCase(repository: sync).execute(entryId: 3, keeping: .remote)
    /// ```
    public func execute(entryId: Int, keeping resolution: ConflictResolution) async -> Result<Document, SyncError> {
        if case .merged(let body) = resolution, let error = DocumentRules.check(DocumentChanges(body: body)) {
            return .failure(.invalidMerge(error.errorDescription ?? "\(error)"))
        }
        return await .catching { () async throws(SyncError) in
            try await repository.resolve(entryId: entryId, keeping: resolution)
        }
    }
}

/// Finds the conflict a document is in, for the editor to show both versions.
public struct FindConflictUseCase: Sendable {
    private let repository: any SyncRepositoryProtocol

    /// Creates the use case over a repository.
    public init(repository: any SyncRepositoryProtocol) {
        self.repository = repository
    }

    /// The conflict on `documentId`, or `nil` when there is none (or it cannot be read).
    ///
    /// ```swift
    /// let conflict = await FindConflictUseCase(repository: sync).execute(documentId: 2)
    /// ```
    public func execute(documentId: Int) async -> DocumentConflict? {
        let all = await Result.catching { () async throws(SyncError) in try await repository.conflicts() }
        return (try? all.get())?.first { $0.documentId == documentId }
    }
}
