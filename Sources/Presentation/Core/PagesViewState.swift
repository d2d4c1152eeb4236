public import Domain

/// What a paged list shows: the pages read so far, and whether more can be read.
nonisolated public enum PagesViewState<Item: Equatable & Sendable>: Equatable, Sendable, CustomStringConvertible {
    /// Nothing requested yet.
    case idle
    /// The first page is loading; nothing to show yet.
    case loading
    /// The pages read so far; another follows (``PagesViewModel/loadMore()`` reads it).
    case loaded(items: [Item], provenance: Provenance)
    /// The next page is loading while the pages so far stay on screen.
    case loadingMore(items: [Item], provenance: Provenance)
    /// Every page is read.
    case endReached(items: [Item], provenance: Provenance)
    /// Reading the next page failed; the pages so far stay, and ``PagesViewModel/loadMore()``
    /// tries again.
    case moreFailed(items: [Item], provenance: Provenance, failure: ViewFailure)
    /// The list has no items.
    case empty
    /// The first page failed: what to tell the user and what to offer.
    case failed(ViewFailure)

    /// The items on screen.
    public var items: [Item] {
        switch self {
        case .loaded(let items, _), .loadingMore(let items, _), .endReached(let items, _),
            .moreFailed(let items, _, _):
            items
        case .idle, .loading, .empty, .failed: []
        }
    }

    /// A one-line description for traces: `loaded(50 items, origin: disk)`.
    public var description: String {
        func count(_ items: [Item]) -> String { ListViewState<Item>.count(items) }
        return switch self {
        case .idle: "idle"
        case .loading: "loading"
        case .loaded(let items, let provenance): "loaded(\(count(items)), origin: \(provenance.origin.rawValue))"
        case .loadingMore(let items, _): "loadingMore(\(count(items)))"
        case .endReached(let items, _): "endReached(\(count(items)))"
        case .moreFailed(let items, _, let failure): "moreFailed(\(count(items)), \(failure.message))"
        case .empty: "empty"
        case .failed(let failure): "failed(\(failure.message))"
        }
    }
}
