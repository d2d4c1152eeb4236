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
