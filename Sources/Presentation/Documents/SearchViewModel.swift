public import Domain
import Foundation
import Logging
public import Observation

/// Search as you type: runs after the user stops typing, and a new query cancels the old search.
@MainActor
@Observable
public final class SearchViewModel: StatefulViewModel {
    /// What the screen shows; observed, so a view that reads it is redrawn when it changes.
    public private(set) var state: SearchViewState = .idle {
        didSet { transitions.record(state, after: oldValue) }
    }
    /// Every state set, in order, for traces and tests (observation coalesces; this does not).
    public let transitions = StateTransitions<SearchViewState>()
    /// The running search.
    public let tasks = TaskBag()
    /// The text in the search field.
    public private(set) var query = ""
    private let searchDocuments: SearchDocumentsUseCase
    private let debouncer: Debouncer
    private let policy: ReadPolicy
    private let logger = Logger(label: "strata.presentation")

    /// Creates the view model; searches wait for `debounce` of silence on `clock`.
    public init(
        searchDocuments: SearchDocumentsUseCase, clock: any Clock<Duration>, debounce: Duration = .milliseconds(300),
        policy: ReadPolicy = .cacheFirst
    ) {
        self.searchDocuments = searchDocuments
        self.debouncer = Debouncer(interval: debounce, mode: .lastOnly, clock: clock)
        self.policy = policy
    }

    isolated deinit {
        tasks.cancelAll()
        logger.debug("deinit SearchViewModel")
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
        let useCase = searchDocuments
        let policy = policy
        return perform("search") {
            await useCase.execute(query: text, policy: policy)
        } publish: { model, result in
            switch result {
            case .success(let fetched) where fetched.value.isEmpty: model.state = .noResults(query: text)
            case .success(let fetched):
                model.state = .results(query: text, items: fetched.value, provenance: fetched.provenance)
            case .failure(.cancelled): break
            case .failure(let error): model.state = .failed(query: text, failure: ViewFailure(error))
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
