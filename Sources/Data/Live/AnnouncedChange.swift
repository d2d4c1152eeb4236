/// One change to a document that the live socket announced, placed in the socket's order.
///
/// The socket sends the changes in order, each once, so the change number before a change is the
/// previous event's (or the hello's); a device that has applied everything up to `after` and
/// already holds the document at `version` (it made the change itself, and the answer is
/// settled) can count the change as applied without pulling it back.
public struct AnnouncedChange: Sendable, Equatable {
    /// The document.
    public let id: Int
    /// The document's version after the change.
    public let version: Int
    /// Whether the change deleted the document.
    public let deleted: Bool
    /// The documents' change number before this change, as the socket's order tells it.
    public let after: Int
    /// The documents' change number after it.
    public let serverVersion: Int

    /// Describes a change.
    public init(id: Int, version: Int, deleted: Bool, after: Int, serverVersion: Int) {
        self.id = id
        self.version = version
        self.deleted = deleted
        self.after = after
        self.serverVersion = serverVersion
    }
}
