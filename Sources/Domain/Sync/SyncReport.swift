/// What one sync did.
public struct SyncReport: Equatable, Sendable {
    /// Changes the server accepted.
    public var pushed = 0
    /// Changes parked with a permanent error.
    public var parked = 0
    /// Changes now waiting on the user (manual conflicts).
    public var conflicts = 0
    /// Changes resolved by the conflict policy.
    public var resolved = 0
    /// Items (documents and every feature's) created or changed by the pull.
    public var pulled = 0
    /// Items deleted by the pull.
    public var deleted = 0
    /// The server version reached.
    public var serverVersion = 0

    /// An empty report.
    public init() {}
}
