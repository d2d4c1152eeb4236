public import Foundation
import Logging
import Synchronization

/// How a background task ended, as `UIBackgroundFetchResult` and BGTask completion report it.
nonisolated public enum BackgroundTaskResult: String, Sendable, Equatable {
    /// New data arrived.
    case newData
    /// Nothing new.
    case noData
    /// The work failed.
    case failed
    /// The budget ran out: the expiration handler ran and the work was cancelled.
    case expired
    /// Not run: the system throttled it (silent pushes).
    case throttled
}

/// One run of a background task: the work may install an expiration handler, as with `BGTask`.
nonisolated public final class BackgroundTask: Sendable {
    /// The registered identifier.
    public let identifier: String
    private let expiration = Mutex<(@Sendable () -> Void)?>(nil)
    private let expiredFlag = Mutex(false)

    init(identifier: String) {
        self.identifier = identifier
    }

    deinit {
        Logger(label: "strata.data.background").debug("deinit BackgroundTask")
    }

    /// Called when the budget runs out, before the work is cancelled.
    public func setExpirationHandler(_ handler: @escaping @Sendable () -> Void) {
        expiration.withLock { $0 = handler }
    }

    /// Whether the budget ran out.
    public var didExpire: Bool { expiredFlag.withLock { $0 } }

    func expire() {
        expiredFlag.withLock { $0 = true }
        expiration.withLock { $0 }?()
    }
}

/// Why a background request was refused.
nonisolated public enum BackgroundTaskError: Error, Equatable, Sendable, LocalizedError {
    /// No task is registered under this identifier.
    case notRegistered(String)
    /// The identifier has no pending request to run.
    case notScheduled(String)

    /// A one-line description.
    public var errorDescription: String? {
        switch self {
        case .notRegistered(let id): "No background task is registered as '\(id)'"
        case .notScheduled(let id): "Background task '\(id)' has no pending request (it runs once per request)"
        }
    }
}

/// Plays `BGTaskScheduler`: tasks are registered by identifier with a time budget, requested
/// with an earliest begin date, and run by "the system" (the REPL's `bg run`) with the budget
/// enforced on an injected clock.
public actor BackgroundTaskScheduler {
    /// A request waiting for the system.
    public struct Request: Sendable, Equatable {
        /// The task's identifier.
        public let identifier: String
        /// Not before this moment.
        public let earliestBeginDate: Date
    }

    /// What is registered.
    public struct Registration: Sendable {
        /// The identifier.
        public let identifier: String
        /// How long a run may take before it expires.
        public let budget: Duration
        let work: @Sendable (BackgroundTask) async -> BackgroundTaskResult
    }

    private var registrations: [String: Registration] = [:]
    private var requests: [String: Request] = [:]
    private let clock: any Clock<Duration>
    private let logger = Logger(label: "strata.data.background")

    /// Creates a scheduler whose budgets run on `clock`.
    public init(clock: any Clock<Duration>) {
        self.clock = clock
    }

    deinit {
        logger.debug("deinit BackgroundTaskScheduler")
    }

    /// Registers the work for `identifier` (at launch, as apps must).
    public func register(
        _ identifier: String, budget: Duration, work: @escaping @Sendable (BackgroundTask) async -> BackgroundTaskResult
    ) {
        registrations[identifier] = Registration(identifier: identifier, budget: budget, work: work)
    }

    /// Asks for a run not before `earliestBeginDate`; replaces an earlier request.
    public func submit(_ identifier: String, earliestBeginDate: Date) throws(BackgroundTaskError) {
        guard registrations[identifier] != nil else { throw .notRegistered(identifier) }
        requests[identifier] = Request(identifier: identifier, earliestBeginDate: earliestBeginDate)
    }

    /// The registered tasks, by identifier.
    public func registered() -> [Registration] {
        registrations.values.sorted { $0.identifier < $1.identifier }
    }

    /// The pending request of a task, if any.
    public func request(for identifier: String) -> Request? { requests[identifier] }

    /// Runs the task's pending request now, within its budget: when the budget runs out the
    /// expiration handler runs and the work is cancelled (`expired`).
    public func run(_ identifier: String) async throws(BackgroundTaskError) -> BackgroundTaskResult {
        guard let registration = registrations[identifier] else { throw .notRegistered(identifier) }
        guard requests.removeValue(forKey: identifier) != nil else { throw .notScheduled(identifier) }
        return await Self.run(registration.work, identifier: identifier, budget: registration.budget, clock: clock)
    }

    /// Runs `work` as a task with a budget on `clock` (shared with silent pushes).
    static func run(
        _ work: @escaping @Sendable (BackgroundTask) async -> BackgroundTaskResult, identifier: String,
        budget: Duration, clock: any Clock<Duration>
    ) async -> BackgroundTaskResult {
        let task = BackgroundTask(identifier: identifier)
        let running = Task { await work(task) }
        let timer = Task {
            do {
                try await clock.sleep(for: budget)
            } catch {
                return  // the work finished first
            }
            task.expire()
            running.cancel()
        }
        let result = await running.value
        timer.cancel()
        return task.didExpire ? .expired : result
    }
}
