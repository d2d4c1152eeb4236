public import Platform
import Presentation

/// One item of a collection other than documents (a generated feature's): which collection and
/// which item.
nonisolated public struct ItemActivity: ActivityPayload {
    /// `com.strata.item.show`.
    public static let activityType = "com.strata.item.show"
    /// The first schema.
    public static let schemaVersion = 1

    /// The server's collection, such as `recipes`.
    public var collection: String
    /// The item's identifier.
    public var itemId: Int

    /// Creates the payload.
    public init(collection: String, itemId: Int) {
        self.collection = collection
        self.itemId = itemId
    }

    /// One scene per item: opening it again reuses its scene.
    public var targetContentIdentifier: String { "item:\(collection)/\(itemId)" }
}
