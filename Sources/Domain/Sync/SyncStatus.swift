public import Foundation

/// The sync engine's state, as `sync status` shows it.
public struct SyncStatus: Equatable, Sendable {
    /// Changes waiting to be sent.
    public var pending: Int
    /// Changes the server refused for good.
    public var parked: Int
    /// Changes waiting for the user to resolve a conflict.
    public var conflicts: Int
    /// When the last sync finished, if ever.
    public var lastSyncAt: Date?
    /// The server's change-list version this device has caught up to.
    public var serverVersion: Int
    /// What recent requests say about the server.
    public var network: NetworkStatus

    /// Creates a status.
    public init(
        pending: Int, parked: Int, conflicts: Int, lastSyncAt: Date?, serverVersion: Int, network: NetworkStatus
    ) {
        self.pending = pending
        self.parked = parked
        self.conflicts = conflicts
        self.lastSyncAt = lastSyncAt
        self.serverVersion = serverVersion
        self.network = network
    }
}
