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

    /// Sends the queued changes without pulling: the app's work in its background time, when
    /// nothing on screen needs the server's changes.
    ///
    /// ```swift
    /// let sent = await SyncUseCase(repository: sync).send()
    /// ```
    public func send() async -> Result<SyncReport, SyncError> {
        await .catching { () async throws(SyncError) in try await repository.push() }
    }
}
