public import Domain

/// What a screen showing one item (a document, a profile) shows.
nonisolated public enum ItemViewState<Item: Equatable & Sendable>: Equatable, Sendable, CustomStringConvertible {
    /// Nothing requested yet.
    case idle
    /// The load is running.
    case loading
    /// The item, and where it came from.
    case loaded(Item, provenance: Provenance)
    /// The load failed: what to tell the user and what to offer.
    case failed(ViewFailure)

    /// The item on screen, if any.
    public var item: Item? {
        if case .loaded(let item, _) = self { return item }
        return nil
    }

    /// A one-line description for traces: `loaded(origin: memory)`.
    public var description: String {
        switch self {
        case .idle: "idle"
        case .loading: "loading"
        case .loaded(_, let provenance): "loaded(origin: \(provenance.origin.rawValue))"
        case .failed(let failure): "failed(\(failure.message))"
        }
    }
}

/// What the document detail screen shows.
public typealias DocumentDetailViewState = ItemViewState<Document>
/// What the user profile screen shows.
public typealias UserProfileViewState = ItemViewState<User>
