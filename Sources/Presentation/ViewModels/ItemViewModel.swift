import Domain

/// A view model that loads one item: the shared lifecycle of the detail and profile screens.
public protocol ItemViewModel: StatefulViewModel where State == ItemViewState<Item> {
    /// The item type.
    associatedtype Item: Equatable & Sendable

    /// The work that fetches the item, with failures already worded for the user; it must not
    /// capture the view model.
    func fetcher(policy: ReadPolicy) -> @Sendable () async -> Result<Fetched<Item>, ItemLoadFailure>
}

/// Why an item did not load.
public enum ItemLoadFailure: Error, Equatable, Sendable {
    /// The load was cancelled: publish nothing.
    case cancelled
    /// The load failed with this message for the user.
    case message(String)
}

extension ItemViewModel {
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
        let fetch = fetcher(policy: policy)
        return tasks.run("load") { [weak self] in
            let result = await fetch()
            guard !Task.isCancelled, let self else { return }
            switch result {
            case .success(let fetched): self.store.set(.loaded(fetched.value, provenance: fetched.provenance))
            case .failure(.cancelled): break
            case .failure(.message(let message)): self.store.set(.failed(message: message))
            }
        }
    }
}
