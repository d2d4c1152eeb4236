/// Sends queued changes to the server and brings the server's changes here; implemented in Data.
public protocol SyncRepositoryProtocol: Sendable {
    /// Pushes the outbox in order, then pulls the server's changes since the last sync,
    /// reporting progress after each change sent or page pulled.
    func sync(progress: @escaping @Sendable (SyncProgress) -> Void) async throws(SyncError) -> SyncReport
    /// Pulls the server's changes since the last sync (what a background refresh does).
    func pull() async throws(SyncError) -> SyncReport
    /// Counts, versions and the network status.
    func status() async -> SyncStatus
    /// Every entry of the outbox, oldest first.
    func outbox() async throws(SyncError) -> [OutboxEntry]
    /// Puts a parked entry back in the queue.
    func retry(entryId: Int) async throws(SyncError)
    /// The conflicts waiting for the user.
    func conflicts() async throws(SyncError) -> [DocumentConflict]
    /// Settles a conflict the user chose a side for.
    func resolve(entryId: Int, keeping resolution: ConflictResolution) async throws(SyncError) -> Document
    /// The policy for document conflicts.
    func conflictPolicy() async -> ConflictPolicy
    /// Changes the policy for document conflicts.
    func setConflictPolicy(_ policy: ConflictPolicy) async
}

extension SyncRepositoryProtocol {
    /// Syncs without reporting progress.
    public func sync() async throws(SyncError) -> SyncReport {
        try await sync(progress: { _ in })
    }
}

/// How far a sync is.
public struct SyncProgress: Equatable, Sendable {
    /// Sending the outbox, or pulling the server's changes.
    public enum Phase: String, Sendable {
        /// Sending queued changes.
        case push
        /// Pulling the server's changes.
        case pull
    }

    /// The phase.
    public let phase: Phase
    /// Changes sent, or documents pulled, so far.
    public let done: Int
    /// Changes to send (0 while pulling: the total is not known in advance).
    public let total: Int

    /// Creates a progress report.
    public init(phase: Phase, done: Int, total: Int) {
        self.phase = phase
        self.done = done
        self.total = total
    }
}
