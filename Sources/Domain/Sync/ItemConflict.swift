public import Foundation

/// A change to an item that the server's version contradicts, kept until the user chooses: the
/// one conflict type of every collection, documents' and each feature's alike.
///
/// Both versions are field names and values, since the sync layer knows no collection's types.
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

    /// One side's version of the item: its version number, its times and its fields.
    public struct Side: Equatable, Sendable {
        /// The server's version number the side is (the server's) or builds on (this device's).
        public let version: Int
        /// When the server made the item, and when this side last changed it.
        public let createdAt: Date
        public let updatedAt: Date
        /// Its fields, in the order the item declares them.
        public let fields: [Field]

        /// Creates a side.
        public init(version: Int, createdAt: Date, updatedAt: Date, fields: [Field]) {
            self.version = version
            self.createdAt = createdAt
            self.updatedAt = updatedAt
            self.fields = fields
        }

        /// The value of the field named `name` (`nil`: the side has no such field).
        public func value(of name: String) -> RecordValue? {
            fields.first { $0.name == name }?.value
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
