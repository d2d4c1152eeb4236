public import Domain

/// What a list screen shows.
nonisolated public enum ListViewState<Item: Equatable & Sendable>: Equatable, Sendable, CustomStringConvertible {
    /// Nothing requested yet.
    case idle
    /// The first load is running; nothing to show yet.
    case loading
    /// Items to show, and where they came from.
    case loaded(items: [Item], provenance: Provenance)
    /// A refresh is running while the previous items stay on screen.
    case refreshing(items: [Item], provenance: Provenance)
    /// The load worked and there are no items.
    case empty
    /// The load failed: what to tell the user and what to offer.
    case failed(ViewFailure)

    /// The items on screen (empty when there are none).
    public var items: [Item] {
        switch self {
        case .loaded(let items, _), .refreshing(let items, _): items
        case .idle, .loading, .empty, .failed: []
        }
    }

    /// Whether a load or refresh is running.
    public var isBusy: Bool {
        switch self {
        case .loading, .refreshing: true
        case .idle, .loaded, .empty, .failed: false
        }
    }

    /// A one-line description for traces: `loaded(3 items, origin: disk)`.
    public var description: String {
        switch self {
        case .idle: "idle"
        case .loading: "loading"
        case .loaded(let items, let provenance): "loaded(\(Self.count(items)), origin: \(provenance.origin.rawValue))"
        case .refreshing(let items, _): "refreshing(\(Self.count(items)))"
        case .empty: "empty"
        case .failed(let failure): "failed(\(failure.message))"
        }
    }

    static func count(_ items: [Item]) -> String { items.count == 1 ? "1 item" : "\(items.count) items" }
}

/// What the document list shows.
public typealias DocumentListViewState = ListViewState<DocumentSummary>
