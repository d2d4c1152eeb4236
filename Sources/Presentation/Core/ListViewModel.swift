public import Domain
import Logging
public import Observation

/// A list screen (documents, a feature's items) that loads on appear and refreshes while keeping
/// what is on screen.
///
/// One generic view model serves every list.
///
/// ```swift
/// let list = DocumentListViewModel(listDocuments: listDocuments)
/// list.onAppear()
/// ```
@MainActor
@Observable
public final class ListViewModel<Item: Equatable & Sendable>: StatefulViewModel {
    /// Reads the items under a policy, with failures already worded for the user.
    public typealias Fetch = @Sendable (ReadPolicy) async -> Result<Fetched<[Item]>, ItemLoadFailure>

    /// What the screen shows; observed, so a view that reads it is redrawn when it changes.
    public private(set) var state: ListViewState<Item> = .idle {
        didSet { transitions.record(state, after: oldValue) }
    }
    /// Every state set, in order, for traces and tests (observation coalesces; this does not).
    public let transitions = StateTransitions<ListViewState<Item>>()
    /// The running load.
    public let tasks = TaskBag()
    /// The name traces print (`DocumentListViewModel`).
    public let traceName: String
    private let fetch: Fetch
    private let logger = Logger(label: "strata.presentation")

    /// A view model that loads with `fetch`; `name` is what traces and logs call it.
    public init(name: String, fetch: @escaping Fetch) {
        traceName = name
        self.fetch = fetch
    }

    isolated deinit {
        tasks.cancelAll()
        logger.debug("deinit \(traceName)")
    }

    /// Starts the first load; ignored once something is loading or loaded.
    @discardableResult
    public func onAppear(policy: ReadPolicy = .cacheFirst) -> Task<Void, Never>? {
        guard state == .idle else { return nil }
        return load(policy: policy)
    }

    /// Cancels the load in flight; a cancelled load never publishes, and the screen goes back to
    /// what it showed before the load started.
    public func onDisappear() {
        tasks.cancelAll()
        switch state {
        case .loading: state = .idle
        case .refreshing(let items, let provenance): state = .loaded(items: items, provenance: provenance)
        case .idle, .loaded, .empty, .failed: break
        }
    }

    /// Loads now, cancelling a load in flight (the latest request wins).
    @discardableResult
    public func load(policy: ReadPolicy = .cacheFirst) -> Task<Void, Never> {
        state = .loading
        return start(policy: policy)
    }

    /// Reloads while the current items stay on screen; loads from scratch when nothing is shown.
    @discardableResult
    public func refresh(policy: ReadPolicy = .networkFirst) -> Task<Void, Never> {
        switch state {
        case .loaded(let items, let provenance), .refreshing(let items, let provenance):
            state = .refreshing(items: items, provenance: provenance)
            return start(policy: policy)
        case .idle, .loading, .empty, .failed:
            return load(policy: policy)
        }
    }
}

// MARK: - Private

extension ListViewModel {
    private func start(policy: ReadPolicy) -> Task<Void, Never> {
        let fetch = fetch
        return perform("load") {
            await fetch(policy)
        } publish: { model, result in
            switch result {
            case .success(let fetched) where fetched.value.isEmpty: model.state = .empty
            case .success(let fetched): model.state = .loaded(items: fetched.value, provenance: fetched.provenance)
            case .failure(.cancelled): break
            case .failure(.failed(let failure)): model.state = .failed(failure)
            }
        }
    }
}
