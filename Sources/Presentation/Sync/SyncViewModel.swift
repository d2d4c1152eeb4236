public import Domain
import Logging
public import Observation

/// Runs a sync and publishes its progress: push, then pull.
@MainActor
@Observable
public final class SyncViewModel: StatefulViewModel {
    /// What the screen shows; observed, so a view that reads it is redrawn when it changes.
    public private(set) var state: SyncViewState = .idle {
        didSet { transitions.record(state, after: oldValue) }
    }
    /// Every state set, in order, for traces and tests (observation coalesces; this does not).
    public let transitions = StateTransitions<SyncViewState>()
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
        state = .syncing(nil)
        let syncNow = syncNow
        let (updates, continuation) = AsyncStream<SyncProgress>.makeStream()
        return tasks.run("sync") { [weak self] in
            let forward = Task { [weak self] in
                for await progress in updates {
                    guard let self else { return }
                    if case .syncing = self.state { self.state = .syncing(progress) }
                }
            }
            let result = await syncNow.execute { continuation.yield($0) }
            continuation.finish()
            await forward.value
            guard !Task.isCancelled, let self else { return }
            switch result {
            case .success(let report): self.state = .synced(report)
            case .failure(.cancelled): self.state = .idle
            case .failure(let error): self.state = .failed(ViewFailure(error))
            }
        }
    }

    /// Stops the sync after the change being sent; what was sent stays sent.
    public func onDisappear() {
        tasks.cancelAll()
        if case .syncing = state { state = .idle }
    }
}
