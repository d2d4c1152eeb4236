public import Domain

/// What the sync screen shows.
nonisolated public enum SyncViewState: Equatable, Sendable, CustomStringConvertible {
    /// Nothing started.
    case idle
    /// Sending or pulling; `progress` is `nil` until the first change is sent or page pulled.
    case syncing(SyncProgress?)
    /// The sync finished.
    case synced(SyncReport)
    /// The sync stopped; queued changes stay queued. What to tell the user and what to offer.
    case failed(ViewFailure)

    /// A one-line description for traces.
    public var description: String {
        switch self {
        case .idle: "idle"
        case .syncing(nil): "syncing"
        case .syncing(let progress?): "syncing(\(progress.phase.rawValue) \(progress.done)/\(progress.total))"
        case .synced(let report): "synced(\(report.pushed) sent, \(report.pulled) pulled)"
        case .failed(let failure): "failed(\(failure.message))"
        }
    }
}
