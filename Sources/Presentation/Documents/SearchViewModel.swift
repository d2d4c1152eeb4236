public import Domain
import Foundation
import Logging

/// Search as you type: runs after the user stops typing, and a new query cancels the old search.
public final class SearchViewModel: StatefulViewModel {
    /// The state and its observers.
    public let store = StateStore(SearchViewState.idle)
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
            store.set(.idle)
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
            store.set(.idle)
            return nil
        }
        store.set(.searching(query: text))
        let useCase = searchDocuments
        let policy = policy
        return perform("search") {
            await useCase.execute(query: text, policy: policy)
        } publish: { model, result in
            switch result {
            case .success(let fetched) where fetched.value.isEmpty: model.store.set(.noResults(query: text))
            case .success(let fetched):
                model.store.set(.results(query: text, items: fetched.value, provenance: fetched.provenance))
            case .failure(.cancelled): break
            case .failure(let error): model.store.set(.failed(query: text, message: UserMessages.text(for: error)))
            }
        }
    }

    /// Stops waiting and searching.
    public func onDisappear() {
        debouncer.cancel()
        tasks.cancelAll()
        if case .searching = store.state { store.set(.idle) }
    }
}

// MARK: - Private

extension SearchViewModel {
    private static func isBlank(_ text: String) -> Bool { text.allSatisfy(\.isWhitespace) }
}
