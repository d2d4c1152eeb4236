public import Platform
import Presentation

/// The list of a collection's items other than documents (a generated feature's): which
/// collection, filtered by a search when the feature has one.
nonisolated public struct ItemListActivity: ActivityPayload {
    /// `com.strata.item.list`.
    public static let activityType = "com.strata.item.list"
    /// Version 2 added the query; version 1 is migrated (see ``Version1``).
    public static let schemaVersion = 2

    /// The server's collection, such as `recipes`.
    public var collection: String
    /// The search typed, or empty for the whole list.
    public var query: String

    /// Creates the payload.
    public init(collection: String, query: String) {
        self.collection = collection
        self.query = query
    }

    /// One scene per collection's list: opening it again reuses its scene, with the new query.
    public var targetContentIdentifier: String { "items:\(collection)" }

    /// The first schema, without a query: restored as the whole list.
    public struct Version1: Decodable, Sendable {
        /// The server's collection.
        public var collection: String

        /// The same list in the current schema.
        public func migrated() -> ItemListActivity { ItemListActivity(collection: collection, query: "") }
    }
}
