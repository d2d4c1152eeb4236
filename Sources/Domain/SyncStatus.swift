import Foundation

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
        pending: Int = 0, parked: Int = 0, conflicts: Int = 0, lastSyncAt: Date? = nil, serverVersion: Int = 0,
        network: NetworkStatus = .online
    ) {
        self.pending = pending
        self.parked = parked
        self.conflicts = conflicts
        self.lastSyncAt = lastSyncAt
        self.serverVersion = serverVersion
        self.network = network
    }
}

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
    /// Documents created or changed by the pull.
    public var pulled = 0
    /// Documents deleted by the pull.
    public var deleted = 0
    /// The server version reached.
    public var serverVersion = 0

    /// An empty report.
    public init() {}
}

/// Why a sync did not finish.
public enum SyncError: Error, LocalizedError, Equatable, Sendable {
    /// The server could not be reached; nothing is lost, the changes stay queued.
    case offline(pending: Int)
    /// The server answered with something the app cannot read.
    case invalidData
    /// No outbox entry has this number.
    case noSuchEntry(Int)
    /// The entry is not in conflict, so there is nothing to resolve.
    case notInConflict(Int)
    /// The merged version breaks a document rule.
    case invalidMerge(String)
    /// The device's storage failed.
    case storageFailure
    /// The sync was cancelled; what was sent stays sent.
    case cancelled

    /// A short message for the user.
    public var errorDescription: String? {
        switch self {
        case .offline(let pending):
            "The server can't be reached; \(pending) \(pending == 1 ? "change stays" : "changes stay") queued"
        case .invalidData: "The server sent data the app can't read"
        case .noSuchEntry(let id): "No outbox entry \(id)"
        case .notInConflict(let id): "Outbox entry \(id) is not in conflict"
        case .invalidMerge(let reason): "The merged version can't be kept: \(reason)"
        case .storageFailure: "The device's storage failed"
        case .cancelled: "Cancelled"
        }
    }
}
