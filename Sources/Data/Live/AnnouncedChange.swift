/// One change to an item that the live socket announced, placed in the socket's order.
///
/// The socket sends the changes in order, each once, so the collection's change number before a
/// change is the previous event's (or the hello's); a device that has applied everything up to
/// `after` and already holds the item at `version` (it made the change itself, and the answer is
/// settled) can count the change as applied without pulling it back.
public struct AnnouncedChange: Sendable, Equatable {
    /// The item's collection, such as `documents`.
    public let collection: String
    /// The item.
    public let id: Int
    /// The item's version after the change.
    public let version: Int
    /// Whether the change deleted the item.
    public let deleted: Bool
    /// The collection's change number before this change, as the socket's order tells it.
    public let after: Int
    /// The collection's change number after it.
    public let serverVersion: Int

    /// Describes a change.
    public init(collection: String, id: Int, version: Int, deleted: Bool, after: Int, serverVersion: Int) {
        self.collection = collection
        self.id = id
        self.version = version
        self.deleted = deleted
        self.after = after
        self.serverVersion = serverVersion
    }
}
