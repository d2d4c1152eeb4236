/// A change to a feature's item that the server's version contradicts, kept until the user
/// chooses; both versions as field names and values, since the sync layer knows no feature's
/// types (a document's conflict is a ``DocumentConflict``, which also offers a merge).
public struct ItemConflict: Equatable, Sendable {
    /// One field of one version, as the user reads it.
    public struct Field: Equatable, Sendable {
        /// The field's name on the wire, such as `title`.
        public let name: String
        /// Its value as text (a list reads `a, b`; no value reads as empty).
        public let value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The outbox entry in conflict.
    public let entryId: Int
    /// The server's collection of the item, such as `bookmarks`.
    public let collection: String
    /// The item.
    public let itemId: Int
    /// What the change in conflict does.
    public let operation: OutboxEntry.Operation
    /// The version made on this device, or `nil` when the change deletes the item.
    public let local: [Field]?
    /// The server's version, or `nil` when the server deleted the item.
    public let remote: [Field]?

    /// Creates a conflict.
    public init(
        entryId: Int, collection: String, itemId: Int, operation: OutboxEntry.Operation, local: [Field]?,
        remote: [Field]?
    ) {
        self.entryId = entryId
        self.collection = collection
        self.itemId = itemId
        self.operation = operation
        self.local = local
        self.remote = remote
    }
}
