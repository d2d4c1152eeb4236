import Domain
import Foundation

/// What the generic feature machinery needs to know about one feature's items.
///
/// Their table, their wire form and the server's collection. A generated feature conforms one
/// type to it; the cache-backed reads, offline-first writes and the push come from
/// ``FeatureStore``.
protocol FeatureResource: Sendable {
    /// The Domain entity; it says when it was made and last changed.
    associatedtype Item: Timestamped & Sendable
    /// Its row in the feature's table.
    associatedtype Record: CacheableRecord where Record.Key == ItemID<Item>, Record.Object == Item
    /// Its JSON as the server sends it; a write sends it without `id` and `version`.
    associatedtype Wire: Codable & Sendable

    /// The server's collection, the path segment of its routes (`recipes`).
    static var collection: String { get }
    /// How long a fetched item stays fresh without `max-age`.
    static var timeToLive: TimeInterval { get }
    /// What happens when the server refuses a change because the item changed there (`manual`:
    /// the change waits, in conflict, for the user).
    static var conflictPolicy: ConflictPolicy { get }
    /// The table's text columns the local search index covers (none: the feature has no search;
    /// the feature's migration creates the index, ``SearchIndex/schema(table:columns:)``).
    static var searchableColumns: [String] { get }
    /// The item's identifier.
    static func id(of item: Item) -> ItemID<Item>
    /// The same item under another identifier (an item created here, once the server numbered it).
    static func item(_ item: Item, identifiedAs id: ItemID<Item>) -> Item
    /// The Domain item of what the server sent; throws when it cannot be read.
    static func item(from wire: Wire) throws(RemoteError) -> Item
    /// The fields a write sends.
    static func wire(for item: Item) -> Wire
}

extension FeatureResource {
    /// An item's estimated size in the memory tier: its layout plus the bytes its texts hold, so
    /// the tier's byte limit bounds a feature as it does documents.
    static func cost(of item: Item) -> Int {
        Mirror(reflecting: item).children.reduce(MemoryLayout<Item>.stride) { total, child in
            total + textBytes(child.value)
        }
    }

    /// The heap bytes of a text field (optional or not) or a list of texts; 0 for anything else.
    private static func textBytes(_ value: Any) -> Int {
        switch value {
        case let text as String: text.utf8.count
        case let texts as [String]: texts.reduce(MemoryLayout<String>.stride * texts.count) { $0 + $1.utf8.count }
        default: 0
        }
    }
}

/// The body of `GET /<collection>`: the items (as their summaries, which carry every field of a
/// generated feature).
struct FeatureListDTO<Wire: Decodable & Sendable>: Decodable, Sendable {
    let items: [Wire]
}
