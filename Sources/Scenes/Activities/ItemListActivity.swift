public import Platform
import Presentation

/// The list of a collection's items other than documents (a generated feature's): which collection.
nonisolated public struct ItemListActivity: ActivityPayload {
    /// `com.strata.item.list`.
    public static let activityType = "com.strata.item.list"
    /// The first schema.
    public static let schemaVersion = 1

    /// The server's collection, such as `recipes`.
    public var collection: String

    /// Creates the payload.
    public init(collection: String) {
        self.collection = collection
    }

    /// One scene per collection's list: opening it again reuses its scene.
    public var targetContentIdentifier: String { "items:\(collection)" }
}
