public import Domain
public import Foundation
import Logging

/// A screen that loads one item (a document, a profile): one generic view model serves them all.
///
/// ```swift
/// let detail = DocumentDetailViewModel(id: id, fetchDocument: fetchDocument)
/// detail.onAppear()
/// ```
public final class ItemViewModel<Item: Equatable & Sendable>: StatefulViewModel {
    /// Reads the item under a policy, with failures already worded for the user.
    public typealias Fetch = @Sendable (ReadPolicy) async -> Result<Fetched<Item>, ItemLoadFailure>

    /// The state and its observers.
    public let store = StateStore(ItemViewState<Item>.idle)
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
        guard store.state == .idle else { return nil }
        return load(policy: policy)
    }

    /// Cancels the load in flight; the screen goes back to idle if nothing was shown.
    public func onDisappear() {
        tasks.cancelAll()
        if store.state == .loading { store.set(.idle) }
    }

    /// Loads now, cancelling a load in flight (the latest request wins).
    @discardableResult
    public func load(policy: ReadPolicy = .cacheFirst) -> Task<Void, Never> {
        store.set(.loading)
        let fetch = fetch
        return perform("load") {
            await fetch(policy)
        } publish: { model, result in
            switch result {
            case .success(let fetched): model.store.set(.loaded(fetched.value, provenance: fetched.provenance))
            case .failure(.cancelled): break
            case .failure(.message(let message)): model.store.set(.failed(message: message))
            }
        }
    }
}

/// Why an item did not load.
public enum ItemLoadFailure: Error, Equatable, Sendable {
    /// The load was cancelled: publish nothing.
    case cancelled
    /// The load failed with this message for the user.
    case message(String)

    /// The failure for a feature's error: `cancelled` publishes nothing, any other error shows
    /// its message.
    public init<Failure: LocalizedError & Equatable>(_ error: Failure, cancelled: Failure) {
        self = error == cancelled ? .cancelled : .message(UserMessages.text(for: error))
    }
}
