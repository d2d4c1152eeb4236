public import Platform
import Presentation

/// An item editor's state, for a collection other than documents (a generated feature's): which
/// item and the fields changed and not saved yet.
nonisolated public struct ItemEditActivity: ActivityPayload {
    /// `com.strata.item.edit`.
    public static let activityType = "com.strata.item.edit"
    /// The first schema.
    public static let schemaVersion = 1

    /// The server's collection, such as `expenses`.
    public var collection: String
    /// The item edited, or `nil` for an item not created yet.
    public var itemId: Int?
    /// The unsaved fields as typed, by name; a field left out keeps its saved value.
    public var changes: [String: String]

    /// Creates the payload.
    public init(collection: String, itemId: Int?, changes: [String: String]) {
        self.collection = collection
        self.itemId = itemId
        self.changes = changes
    }

    /// `item-editor:expenses/3`, or `nil` for a new item (every new item gets its own scene).
    public var targetContentIdentifier: String? { itemId.map { "item-editor:\(collection)/\($0)" } }
}
