public import Domain
import Logging

/// Runs a sync and publishes its progress: push, then pull.
public final class SyncViewModel: StatefulViewModel {
    /// The state and its observers.
    public let store = StateStore(SyncViewState.idle)
    /// The running sync.
    public let tasks = TaskBag()
    private let syncNow: SyncUseCase
    private let logger = Logger(label: "strata.presentation")

    /// Creates the view model over its use case.
    public init(syncNow: SyncUseCase) {
        self.syncNow = syncNow
    }

    isolated deinit {
        tasks.cancelAll()
        logger.debug("deinit SyncViewModel")
    }

    /// Starts a sync, cancelling one in flight (the latest request wins).
    @discardableResult
    public func sync() -> Task<Void, Never> {
        store.set(.syncing(nil))
        let syncNow = syncNow
        let (updates, continuation) = AsyncStream<SyncProgress>.makeStream()
        return tasks.run("sync") { [weak self] in
            let forward = Task { [weak self] in
                for await progress in updates {
                    guard let self else { return }
                    if case .syncing = self.store.state { self.store.set(.syncing(progress)) }
                }
            }
            let result = await syncNow.execute { continuation.yield($0) }
            continuation.finish()
            await forward.value
            guard !Task.isCancelled, let self else { return }
            switch result {
            case .success(let report): self.store.set(.synced(report))
            case .failure(.cancelled): self.store.set(.idle)
            case .failure(let error): self.store.set(.failed(message: error.errorDescription ?? "\(error)"))
            }
        }
    }

    /// Stops the sync after the change being sent; what was sent stays sent.
    public func onDisappear() {
        tasks.cancelAll()
        if case .syncing = store.state { store.set(.idle) }
    }
}
