/// Whether the server has a document's latest local version.
public enum SyncState: String, Sendable, Hashable {
    /// The server has this version.
    case synced
    /// Saved on this device; the change waits in the outbox to be sent.
    case pending
    /// The server changed the document too; the user must choose which version wins.
    case conflict
}
