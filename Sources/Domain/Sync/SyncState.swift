/// Whether the server has an item's latest version on this device.
public enum SyncState: String, Sendable, Hashable {
    /// The server has this version.
    case synced
    /// Saved on this device; the change waits in the outbox to be sent.
    case pending
    /// The server changed the item too; the user must choose which version wins.
    case conflict
    /// Saved on this device, but the server refused the change: it is no longer sent until the
    /// user sends it again or drops it (`outbox retry`, `outbox discard`).
    case parked
}

/// An item that says whether this device's changes to it reached the server, as every
/// collection's items do: documents and every generated feature's.
///
/// The device sets it when it reads the item: `synced` as the server sent it, `pending` while a
/// change waits in the outbox, `conflict` while one waits for the user (`conflicts list`),
/// `parked` while one the server refused does (`outbox list`).
public protocol SyncTracked {
    /// The server's version number this copy is, or builds on while a change waits.
    var version: Int { get }
    /// Whether the server has this version.
    var syncState: SyncState { get set }
}

extension Document: SyncTracked {}
