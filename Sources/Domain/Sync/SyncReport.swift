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
    /// Items (documents and every feature's) created or changed elsewhere, which the pull brought.
    public var pulled = 0
    /// Items deleted elsewhere, which the pull deleted here.
    public var deleted = 0
    /// The server version reached.
    public var serverVersion = 0
    /// The collections the server does not have (an app ahead of its server): nothing of them was
    /// pulled, and their changes stay on this device.
    public var notOnServer: [String] = []

    /// An empty report.
    public init() {}
}
