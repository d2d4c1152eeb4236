/// What a cached document list answers: everything, or a search.
public struct DocumentListQuery: Hashable, Sendable, CustomStringConvertible {
    /// The search text, or `nil` for every document.
    public let search: String?

    /// Every document.
    public static let all = DocumentListQuery(search: nil)

    /// A query; `nil` search lists everything.
    public init(search: String?) {
        self.search = search
    }

    /// The cache key: `all` or `search=TEXT`.
    public var description: String { search.map { "search=\($0)" } ?? "all" }
}
