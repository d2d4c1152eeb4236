/// Where a page of a list ends: handed out with a page and given back for the next one.
///
/// Opaque: the layer that made it (the server, or this device's store) is the only one that reads
/// it, so it is passed on as it came.
public struct PageCursor: Hashable, Sendable, CustomStringConvertible {
    /// The cursor as text, as it is shown and typed.
    public let rawValue: String

    /// A cursor from its text (nil for empty text, or longer than 200 characters: nothing ever
    /// hands such a cursor out).
    public init?(rawValue: String) {
        guard !rawValue.isEmpty, rawValue.count <= 200, !rawValue.contains(where: \.isWhitespace) else { return nil }
        self.rawValue = rawValue
    }

    /// The cursor as text.
    public var description: String { rawValue }
}

/// Which page of a list to read: at most `limit` items, after `cursor` (from the start when nil).
public struct PageRequest: Hashable, Sendable {
    /// The most items a page may hold, for every list.
    public static let maxLimit = 500

    /// The most items on the page.
    public let limit: Int
    /// Where the previous page ended.
    public let after: PageCursor?

    /// A request; ``isValid`` says whether `limit` is one (1 to ``maxLimit``).
    public init(limit: Int, after: PageCursor? = nil) {
        self.limit = limit
        self.after = after
    }

    /// Whether the limit is one a list takes.
    public var isValid: Bool { (1...Self.maxLimit).contains(limit) }
}

/// One page of any list, in the list's order, and where the next one starts (nil after the last).
public struct Page<Item> {
    /// The page's items.
    public var items: [Item]
    /// The cursor of the next page; nil when this is the last.
    public var next: PageCursor?

    /// A page.
    public init(items: [Item], next: PageCursor?) {
        self.items = items
        self.next = next
    }
}

extension Page: Equatable where Item: Equatable {}
extension Page: Sendable where Item: Sendable {}

/// One page of the documents, in ``DocumentOrder``.
public typealias DocumentPage = Page<DocumentSummary>
