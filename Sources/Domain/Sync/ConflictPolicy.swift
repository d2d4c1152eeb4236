public import Foundation

/// How a change made on this device is reconciled with a different change on the server.
public enum ConflictPolicy: String, Sendable, Hashable, CaseIterable {
    /// The later change wins, by the server's timestamp against the local edit's time.
    case lastWriterWins
    /// The server's version wins; the local change is dropped.
    case serverWins
    /// The local change is applied over the server's version.
    case clientWins
    /// Both versions are kept until the user chooses.
    case manual

    /// What to do with a local change made at `localChangeAt` that the server refused, given
    /// when the server last changed the item (`nil`: the server deleted it; `.some(nil)`: the
    /// server did not say when).
    ///
    /// Last writer wins compares whole seconds (the server keeps no finer time) and gives a tie,
    /// or a server that did not say when, to the server. A local edit against a deletion goes to
    /// the user under every policy but `serverWins`: applying it would undo someone's delete,
    /// dropping it would lose the edit, and the server says nothing of when it deleted.
    ///
    /// ```swift
    /// ConflictPolicy.lastWriterWins.resolve(localChangeAt: edit, serverChangedAt: serverCopy.updatedAt)  // .keepServer
    /// ```
    public func resolve(localChangeAt: Date, serverChangedAt: Date??) -> ConflictDecision {
        switch self {
        case .serverWins: return .keepServer
        case .manual: return .askUser
        case .clientWins: return serverChangedAt == nil ? .askUser : .overwriteServer
        case .lastWriterWins:
            guard let changedAt = serverChangedAt else { return .askUser }
            guard let changedAt else { return .keepServer }
            let serverTime = changedAt.timeIntervalSince1970.rounded(.down)
            let localTime = localChangeAt.timeIntervalSince1970.rounded(.down)
            return localTime > serverTime ? .overwriteServer : .keepServer
        }
    }
}

/// What the conflict policy decided for one refused change.
public enum ConflictDecision: Equatable, Sendable {
    /// The server's version stays; the local change is dropped.
    case keepServer
    /// The local change is sent again, over the server's current version.
    case overwriteServer
    /// Both versions are kept until the user chooses.
    case askUser
    /// The change cannot be sent as decided (the server sent no validator to send it over); it is
    /// kept, set aside.
    case setAside
}

/// What the user keeps when resolving a conflict by hand.
public enum ConflictResolution: Equatable, Sendable {
    /// The version made on this device.
    case local
    /// The server's version.
    case remote
    /// A merge the user wrote: the local version with this body.
    case merged(body: String)
}
