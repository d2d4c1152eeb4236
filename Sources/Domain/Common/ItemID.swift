/// The identity of an item of a feature, such as `ItemID<Bookmark>`.
///
/// Issued by the server, or by this device for an item created here and not sent yet (the server
/// gives it its own identifier later). Typed by the item, so a bookmark's identifier is never
/// taken for a recipe's.
///
/// ```swift
/// let id = ItemID<Bookmark>.device(1)   // created on this device: -1
/// id?.isIssuedByServer                   // false
/// ```
public struct ItemID<Item>: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The identifier as a whole number, as people see it and stores keep it: positive when the
    /// server issued it, negative when this device did; never 0.
    public let rawValue: Int

    /// The identifier written as `rawValue`; `nil` for 0, which no item has.
    public init?(rawValue: Int) {
        guard rawValue != 0 else { return nil }
        self.rawValue = rawValue
    }

    /// The identifier the server issued as `number` (positive); `nil` otherwise.
    public static func server(_ number: Int) -> ItemID? {
        number > 0 ? ItemID(rawValue: number) : nil
    }

    /// The `sequence`-th identifier this device issued (1, 2, …); `nil` for anything else.
    public static func device(_ sequence: Int) -> ItemID? {
        sequence > 0 ? ItemID(rawValue: -sequence) : nil
    }

    /// Whether the server issued the identifier (the item has reached it).
    public var isIssuedByServer: Bool { rawValue > 0 }

    /// The identifier as a whole number.
    public var description: String { String(rawValue) }

    /// Identifiers order by their whole number.
    public static func < (lhs: ItemID, rhs: ItemID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// An item whose identifier says whether the server issued it: documents, every generated
/// feature's items, and the items a scene shows by number.
///
/// An editor uses it to tell a newer version of its item from another item: after a push, an item
/// made on this device comes back under the identifier the server gave it.
public protocol ServerIdentified: Identifiable {
    /// Whether the server issued the item's identifier (it has reached the server).
    var isIssuedByServer: Bool { get }
}

extension ServerIdentified where ID == ItemID<Self> {
    /// Whether the server issued the item's identifier, as its ``ItemID`` says.
    public var isIssuedByServer: Bool { id.isIssuedByServer }
}
