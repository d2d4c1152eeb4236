public import Domain
import Logging

/// The document list: loads on appear, refreshes while keeping what is on screen.
public final class DocumentListViewModel: StatefulViewModel {
    /// The state and its observers.
    public let store = StateStore(DocumentListViewState.idle)
    /// The running load.
    public let tasks = TaskBag()
    private let listDocuments: ListDocumentsUseCase
    private let logger = Logger(label: "strata.presentation")

    /// Creates the view model over its use case.
    public init(listDocuments: ListDocumentsUseCase) {
        self.listDocuments = listDocuments
    }

    isolated deinit {
        tasks.cancelAll()
        logger.debug("deinit DocumentListViewModel")
    }

    /// Starts the first load; ignored once something is loading or loaded.
    @discardableResult
    public func onAppear(policy: ReadPolicy = .cacheFirst) -> Task<Void, Never>? {
        guard store.state == .idle else { return nil }
        return load(policy: policy)
    }

    /// Cancels the load in flight; a cancelled load never publishes, and the screen goes back to
    /// what it showed before the load started.
    public func onDisappear() {
        tasks.cancelAll()
        switch store.state {
        case .loading: store.set(.idle)
        case .refreshing(let items, let provenance): store.set(.loaded(items: items, provenance: provenance))
        case .idle, .loaded, .empty, .failed: break
        }
    }

    /// Loads now, cancelling a load in flight (the latest request wins).
    @discardableResult
    public func load(policy: ReadPolicy = .cacheFirst) -> Task<Void, Never> {
        store.set(.loading)
        return start(policy: policy)
    }

    /// Reloads while the current items stay on screen; loads from scratch when nothing is shown.
    @discardableResult
    public func refresh(policy: ReadPolicy = .networkFirst) -> Task<Void, Never> {
        switch store.state {
        case .loaded(let items, let provenance), .refreshing(let items, let provenance):
            store.set(.refreshing(items: items, provenance: provenance))
            return start(policy: policy)
        case .idle, .loading, .empty, .failed:
            return load(policy: policy)
        }
    }
}

// MARK: - Private

extension DocumentListViewModel {
    private func start(policy: ReadPolicy) -> Task<Void, Never> {
        let useCase = listDocuments
        return perform("load") {
            await useCase.execute(policy: policy)
        } publish: { model, result in
            switch result {
            case .success(let fetched) where fetched.value.isEmpty: model.store.set(.empty)
            case .success(let fetched): model.store.set(.loaded(items: fetched.value, provenance: fetched.provenance))
            case .failure(.cancelled): break
            case .failure(let error): model.store.set(.failed(message: UserMessages.text(for: error)))
            }
        }
    }
}
