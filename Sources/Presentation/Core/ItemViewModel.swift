public import Domain
import Logging
public import Observation

/// A screen that loads one item (a document, a profile): one generic view model serves them all.
///
/// ```swift
/// let detail = DocumentDetailViewModel(id: id, fetchDocument: fetchDocument)
/// detail.onAppear()
/// ```
@MainActor
@Observable
public final class ItemViewModel<Item: Equatable & Sendable>: StatefulViewModel {
    /// Reads the item under a policy, with failures already worded for the user.
    public typealias Fetch = @Sendable (ReadPolicy) async -> Result<Fetched<Item>, ItemLoadFailure>

    /// What the screen shows; observed, so a view that reads it is redrawn when it changes.
    public private(set) var state: ItemViewState<Item> = .idle {
        didSet { transitions.record(state, after: oldValue) }
    }
    /// Every state set, in order, for traces and tests (observation coalesces; this does not).
    public let transitions = StateTransitions<ItemViewState<Item>>()
    /// The running load.
    public let tasks = TaskBag()
    /// The name traces print (`DocumentDetailViewModel`).
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

    /// Cancels the load in flight; the screen goes back to idle if nothing was shown.
    public func onDisappear() {
        tasks.cancelAll()
        if state == .loading { state = .idle }
    }

    /// Loads now, cancelling a load in flight (the latest request wins).
    @discardableResult
    public func load(policy: ReadPolicy = .cacheFirst) -> Task<Void, Never> {
        state = .loading
        let fetch = fetch
        return perform("load") {
            await fetch(policy)
        } publish: { model, result in
            switch result {
            case .success(let fetched): model.state = .loaded(fetched.value, provenance: fetched.provenance)
            case .failure(.cancelled): break
            case .failure(.failed(let failure)): model.state = .failed(failure)
            }
        }
    }
}

/// Why an item did not load.
nonisolated public enum ItemLoadFailure: Error, Equatable, Sendable {
    /// The load was cancelled: publish nothing.
    case cancelled
    /// The load failed: what to tell the user and what to offer.
    case failed(ViewFailure)

    /// The failure for a feature's error: `cancelled` publishes nothing, any other error shows
    /// its message and offers its remedy.
    public init<Failure: UserFacingError>(_ error: Failure, cancelled: Failure) {
        self = error == cancelled ? .cancelled : .failed(ViewFailure(error))
    }
}
