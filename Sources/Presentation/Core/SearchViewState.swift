public import Domain

/// What a search screen shows.
nonisolated public enum SearchViewState<Item: Equatable & Sendable>: Equatable, Sendable, CustomStringConvertible {
    /// No query.
    case idle
    /// A search for the query is running.
    case searching(query: String)
    /// Matches for the query.
    case results(query: String, items: [Item], provenance: Provenance)
    /// The query matched nothing.
    case noResults(query: String)
    /// The search failed: what to tell the user and what to offer.
    case failed(query: String, failure: ViewFailure)

    /// The matches on screen.
    public var items: [Item] {
        if case .results(_, let items, _) = self { return items }
        return []
    }

    /// A one-line description for traces: `results("rules", 1 item)`.
    public var description: String {
        switch self {
        case .idle: "idle"
        case .searching(let query): "searching(\"\(query)\")"
        case .results(let query, let items, let provenance):
            "results(\"\(query)\", \(ListViewState<Item>.count(items)), origin: \(provenance.origin.rawValue))"
        case .noResults(let query): "noResults(\"\(query)\")"
        case .failed(let query, let failure): "failed(\"\(query)\", \(failure.message))"
        }
    }
}
