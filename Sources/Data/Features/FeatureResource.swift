package import Domain
package import Foundation

/// What the sync engine needs to know about one collection's items: documents, and every feature
/// a team generates.
///
/// Their table, their wire form, the server's collection and what the collection chooses (its
/// conflict policy, its searchable columns, its merge). One type conforms per collection; reads,
/// offline-first writes, the outbox, batched pushes, pulls, conflicts, lists, pages and search come
/// from ``FeatureStore`` and ``SyncEngine``.
package protocol FeatureResource: Sendable {
    /// The Domain entity; it says when it was made and last changed.
    associatedtype Item: Timestamped & SyncTracked & Sendable
    /// Its row in the collection's table.
    associatedtype Record: CacheableRecord where Record.Key == ItemID<Item>, Record.Object == Item
    /// Its JSON as the server sends it (a change list adds the version's `etag` to it); a write
    /// sends it without `id`, `version` and the times.
    associatedtype Wire: Codable & Sendable
    /// What a list of the server's shows of an item (the item itself where lists carry every field).
    associatedtype Summary: Sendable = Item
    /// A list entry as the server sends it.
    associatedtype SummaryWire: Codable & Sendable = Wire

    /// The server's collection, the path segment of its routes (`recipes`).
    static var collection: String { get }
    /// How long a fetched item stays fresh without `max-age`.
    static var timeToLive: TimeInterval { get }
    /// What happens when the server refuses a change because the item changed there (`manual`:
    /// the change waits, in conflict, for the user); the user may choose another for the
    /// collection (``SyncEngine/setConflictPolicy(_:for:)``).
    static var conflictPolicy: ConflictPolicy { get }
    /// The table's text columns the local search index covers (none: the collection has no search;
    /// its migration creates the index, ``SearchIndex/schema(table:columns:)``).
    static var searchableColumns: [String] { get }
    /// How much a match in each searchable column counts when ranking (all alike unless said).
    static var searchWeights: [Double] { get }
    /// The item's identifier.
    static func id(of item: Item) -> ItemID<Item>
    /// The same item under another identifier (an item created here, once the server numbered it).
    static func item(_ item: Item, identifiedAs id: ItemID<Item>) -> Item
    /// The Domain item of what the server sent; throws when it cannot be read.
    static func item(from wire: Wire) throws(RemoteError) -> Item
    /// The fields a write sends.
    static func wire(for item: Item) -> Wire

    /// The summary a list shows of an item made or changed on this device.
    static func summary(of item: Item) -> Summary
    /// The Domain summary of a list entry the server sent.
    static func summary(from wire: SummaryWire) throws(RemoteError) -> Summary
    /// Where a summary goes in a list: newest change first, then the highest identifier.
    static func position(of summary: Summary) -> (updatedAt: Date, id: Int)
    /// The version the user merged from both sides of a conflict, when the collection offers a
    /// merge (nil: it does not; `conflicts resolve --keep merged` is refused).
    static func merged(local: Item, remote: Item?, body: String) -> Item?
}

extension FeatureResource {
    /// The item as the user sees it while its changes wait (`pending`) or contradict the
    /// server's (`conflict`).
    static func item(_ item: Item, marked state: SyncState) -> Item {
        var marked = item
        marked.syncState = state
        return marked
    }

    /// Every searchable column counts alike.
    package static var searchWeights: [Double] { searchableColumns.map { _ in 1 } }

    /// No merge, unless the collection offers one.
    package static func merged(local: Item, remote: Item?, body: String) -> Item? { nil }

    /// An item's estimated size in the memory tier: its layout plus the bytes its texts hold, so
    /// the tier's byte limit bounds every collection alike.
    static func cost(of value: some Any) -> Int {
        Mirror(reflecting: value).children.reduce(MemoryLayout.size(ofValue: value)) { total, child in
            total + textBytes(child.value)
        }
    }

    /// The heap bytes of a text field (optional or not), a list of texts, or the texts of a
    /// nested struct (an item's editable fields kept as one value); 0 for anything else.
    private static func textBytes(_ value: Any) -> Int {
        switch value {
        case let text as String: text.utf8.count
        case let texts as [String]: texts.reduce(MemoryLayout<String>.stride * texts.count) { $0 + $1.utf8.count }
        case let summaries as [Summary]: summaries.reduce(64) { $0 + cost(of: $1) }
        case is Int, is Double, is Bool, is Date, is Decimal: 0
        // A wrapper of a text (`struct Email: RawRepresentable`) holds it; an enum's raw text is a literal.
        case let wrapper as any RawRepresentable where wrapper.rawValue is String:
            nestedTextBytes(Mirror(reflecting: wrapper))
        case is any RawRepresentable: 0
        default: nestedTextBytes(Mirror(reflecting: value))
        }
    }

    /// The heap bytes of a nested struct's texts; its layout is inside the item's already.
    private static func nestedTextBytes(_ mirror: Mirror) -> Int {
        mirror.displayStyle == .struct ? mirror.children.reduce(0) { $0 + textBytes($1.value) } : 0
    }
}

extension FeatureResource where Summary == Item {
    /// Lists show whole items.
    package static func summary(of item: Item) -> Item { item }

    /// An item's place in a list.
    package static func position(of summary: Item) -> (updatedAt: Date, id: Int) {
        (summary.updatedAt, id(of: summary).rawValue)
    }
}

extension FeatureResource where Summary == Item, SummaryWire == Wire {
    /// A list entry is a whole item.
    package static func summary(from wire: Wire) throws(RemoteError) -> Item { try item(from: wire) }
}

/// A list of the server's (`GET /<collection>`, `?q=` for a search): its entries, under `items`.
struct FeatureListDTO<Wire: Decodable & Sendable>: Decodable, Sendable {
    let items: [Wire]
}
