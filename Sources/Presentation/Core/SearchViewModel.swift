public import Domain
import Foundation
import Logging
public import Observation

/// Search as you type, for any searchable list (documents, a feature's items): runs after the
/// user stops typing, and a new query cancels the old search.
///
/// One generic view model serves every search, as ``ListViewModel`` serves every list.
///
/// ```swift
/// let search = DocumentSearchViewModel(searchDocuments: searchDocuments, clock: clock)
/// search.type("layers")
/// ```
@MainActor
@Observable
public final class SearchViewModel<Item: Equatable & Sendable>: StatefulViewModel {
    /// Searches for a query under a policy, with failures already worded for the user.
    public typealias Search = @Sendable (String, ReadPolicy) async -> Result<Fetched<[Item]>, ItemLoadFailure>

    /// What the screen shows; observed, so a view that reads it is redrawn when it changes.
    public private(set) var state: SearchViewState<Item> = .idle {
        didSet { transitions.record(state, after: oldValue) }
    }
    /// Every state set, in order, for traces and tests (observation coalesces; this does not).
    public let transitions = StateTransitions<SearchViewState<Item>>()
    /// The running search.
    public let tasks = TaskBag()
    /// The text in the search field.
    public private(set) var query = ""
    /// The name traces print (`SearchViewModel` for documents).
    public let traceName: String
    private let search: Search
    private let debouncer: Debouncer
    private let policy: ReadPolicy
    private let logger = Logger(label: "strata.presentation")

    /// A view model that searches with `search` under `policy` once typing pauses for `debounce`
    /// on `clock`; `name` is what traces and logs call it.
    public init(
        name: String, clock: any Clock<Duration>, debounce: Duration, policy: ReadPolicy, search: @escaping Search
    ) {
        traceName = name
        self.search = search
        self.debouncer = Debouncer(interval: debounce, mode: .lastOnly, clock: clock)
        self.policy = policy
    }

    isolated deinit {
        tasks.cancelAll()
        logger.debug("deinit \(traceName)")
    }

    /// The user typed: search once they stop; an empty query goes back to idle at once.
    public func type(_ text: String) {
        query = text
        guard !Self.isBlank(text) else {
            debouncer.cancel()
            tasks.cancel("search")
            state = .idle
            return
        }
        debouncer.submit { [weak self] in self?.searchNow() }
    }

    /// Searches for the current query now (the Return key), cancelling any search in flight.
    @discardableResult
    public func searchNow() -> Task<Void, Never>? {
        debouncer.cancel()
        let text = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else {
            state = .idle
            return nil
        }
        state = .searching(query: text)
        let (search, policy) = (search, policy)
        return perform("search") {
            await search(text, policy)
        } publish: { model, result in
            switch result {
            case .success(let fetched) where fetched.value.isEmpty: model.state = .noResults(query: text)
            case .success(let fetched):
                model.state = .results(query: text, items: fetched.value, provenance: fetched.provenance)
            case .failure(.cancelled): break
            case .failure(.failed(let failure)): model.state = .failed(query: text, failure: failure)
            }
        }
    }

    /// Stops waiting and searching.
    public func onDisappear() {
        debouncer.cancel()
        tasks.cancelAll()
        if case .searching = state { state = .idle }
    }
}

// MARK: - Private

extension SearchViewModel {
    private static func isBlank(_ text: String) -> Bool { text.allSatisfy(\.isWhitespace) }
}
