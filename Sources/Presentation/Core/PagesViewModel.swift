public import Domain
import Logging
public import Observation

/// A list read a page at a time: the first page on load, the next on `loadMore()` (as a table
/// view asks when its last rows come into view), until the end is reached.
///
/// Documents (``DocumentPagesViewModel``) and every generated feature (`ExpensePagesViewModel`)
/// page through it.
///
/// ```swift
/// let pages = DocumentPagesViewModel(listDocuments: listDocuments, pageSize: 50)
/// pages.load()
/// pages.loadMore()   // when the last row shows
/// ```
@MainActor
@Observable
public final class PagesViewModel<Item: Equatable & Sendable>: StatefulViewModel {
    /// Reads one page under a policy, its failures worded for the user.
    public typealias Fetch = @Sendable (PageRequest, ReadPolicy) async -> Result<Fetched<Page<Item>>, ItemLoadFailure>

    /// What the screen shows; observed, so a view that reads it is redrawn when it changes.
    public private(set) var state: PagesViewState<Item> = .idle {
        didSet { transitions.record(state, after: oldValue) }
    }
    /// Every state set, in order, for traces and tests (observation coalesces; this does not).
    public let transitions = StateTransitions<PagesViewState<Item>>()
    /// The running load.
    public let tasks = TaskBag()
    /// The name traces print (`DocumentPagesViewModel`).
    public let traceName: String
    private let fetch: Fetch
    private let pageSize: Int
    /// Where the next page starts (nil before the first page and after the last).
    private var next: PageCursor?
    private var policy: ReadPolicy = .cacheFirst
    private let logger = Logger(label: "strata.presentation")

    /// A view model reading pages of `pageSize` items with `fetch`, traced as `name`.
    public init(name: String, pageSize: Int, fetch: @escaping Fetch) {
        traceName = name
        self.fetch = fetch
        self.pageSize = pageSize
    }

    isolated deinit {
        tasks.cancelAll()
        logger.debug("deinit \(traceName)")
    }

    /// Reads the first page, from scratch (cancelling any read in flight).
    @discardableResult
    public func load(policy: ReadPolicy = .cacheFirst) -> Task<Void, Never> {
        self.policy = policy
        next = nil
        state = .loading
        let (fetch, request) = (fetch, PageRequest(limit: pageSize))
        return perform("page") {
            await fetch(request, policy)
        } publish: { model, result in
            switch result {
            case .success(let fetched) where fetched.value.items.isEmpty: model.state = .empty
            case .success(let fetched): model.show(fetched, after: [])
            case .failure(.cancelled): break
            case .failure(.failed(let failure)): model.state = .failed(failure)
            }
        }
    }

    /// Reads the next page while the pages so far stay on screen; ignored unless a next page
    /// exists and nothing is loading.
    @discardableResult
    public func loadMore() -> Task<Void, Never>? {
        let shown: (items: [Item], provenance: Provenance)
        switch state {
        case .loaded(let items, let provenance), .moreFailed(let items, let provenance, _):
            shown = (items, provenance)
        case .idle, .loading, .loadingMore, .endReached, .empty, .failed:
            return nil
        }
        guard let next else { return nil }
        state = .loadingMore(items: shown.items, provenance: shown.provenance)
        let (fetch, policy) = (fetch, policy)
        let request = PageRequest(limit: pageSize, after: next)
        return perform("page") {
            await fetch(request, policy)
        } publish: { model, result in
            switch result {
            case .success(let fetched): model.show(fetched, after: shown.items)
            case .failure(.cancelled): model.state = .loaded(items: shown.items, provenance: shown.provenance)
            case .failure(.failed(let failure)):
                model.state = .moreFailed(items: shown.items, provenance: shown.provenance, failure: failure)
            }
        }
    }

    /// Cancels the read in flight: a first page goes back to nothing, a next page to the pages
    /// already shown.
    public func onDisappear() {
        tasks.cancelAll()
        switch state {
        case .loading: state = .idle
        case .loadingMore(let items, let provenance): state = .loaded(items: items, provenance: provenance)
        case .idle, .loaded, .endReached, .moreFailed, .empty, .failed: break
        }
    }

    private func show(_ fetched: Fetched<Page<Item>>, after shown: [Item]) {
        next = fetched.value.next
        let items = shown + fetched.value.items
        state =
            next == nil
            ? .endReached(items: items, provenance: fetched.provenance)
            : .loaded(items: items, provenance: fetched.provenance)
    }
}
