/// How a change made on this device is reconciled with a different change on the server.
public enum ConflictPolicy: String, Codable, Sendable, Hashable, CaseIterable {
    /// The later change wins, by the server's timestamp against the local edit's time.
    case lastWriterWins
    /// The server's version wins; the local change is dropped.
    case serverWins
    /// The local change is applied over the server's version.
    case clientWins
    /// Both versions are kept until the user chooses.
    case manual
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
