/// A change to a feature's item that the server's version contradicts, kept until the user
/// chooses; both versions as field names and values, since the sync layer knows no feature's
/// types (a document's conflict is a ``DocumentConflict``, which also offers a merge).
public struct ItemConflict: Equatable, Sendable {
    /// One field of one version, as the user reads it.
    public struct Field: Equatable, Sendable {
        /// The field's name on the wire, such as `title`.
        public let name: String
        /// Its value, typed as the item's JSON gives it (``RecordValue/text`` reads it as text).
        public let value: RecordValue

        /// Creates a field.
        public init(name: String, value: RecordValue) {
            self.name = name
            self.value = value
        }
    }

    /// One side's version of the item: its version number and its fields.
    public struct Side: Equatable, Sendable {
        /// The server's version number the side is (the server's) or builds on (this device's).
        public let version: Int
        /// Its fields, in the order the item declares them.
        public let fields: [Field]

        /// Creates a side.
        public init(version: Int, fields: [Field]) {
            self.version = version
            self.fields = fields
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
    public let local: Side?
    /// The server's version, or `nil` when the server deleted the item.
    public let remote: Side?

    /// Creates a conflict.
    public init(
        entryId: Int, collection: String, itemId: Int, operation: OutboxEntry.Operation, local: Side?, remote: Side?
    ) {
        self.entryId = entryId
        self.collection = collection
        self.itemId = itemId
        self.operation = operation
        self.local = local
        self.remote = remote
    }
}
