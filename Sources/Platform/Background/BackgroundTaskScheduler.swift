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
    /// A processing task whose requirements the device does not meet now.
    case conditionsNotMet(String, missing: [String])

    /// A one-line description.
    public var errorDescription: String? {
        switch self {
        case .notRegistered(let id): "No background task is registered as '\(id)'"
        case .notScheduled(let id): "Background task '\(id)' has no pending request (it runs once per request)"
        case .conditionsNotMet(let id, let missing):
            "Background task '\(id)' waits for \(missing.joined(separator: " and ")) (see 'device charging' and "
                + "'device network')"
        }
    }
}

/// Plays `BGTaskScheduler`: tasks are registered by identifier with a time budget, requested
/// with an earliest begin date, and run by "the system" (the REPL's `bg run`) with the budget
/// enforced on an injected clock. Processing tasks (`BGProcessingTask`) also name what they need
/// of the device; their requests wait until the device meets it, and run when it does.
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
        /// What a processing task needs of the device; `nil` for a refresh task.
        public let requirements: ProcessingRequirements?
        let work: @Sendable (BackgroundTask) async -> BackgroundTaskResult
    }

    private var registrations: [String: Registration] = [:]
    private var requests: [String: Request] = [:]
    /// The device's power and network now.
    public private(set) var conditions = DeviceConditions()
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
        registrations[identifier] = Registration(
            identifier: identifier, budget: budget, requirements: nil, work: work)
    }

    /// Registers a processing task: long work (maintenance) that runs only when the device meets
    /// `requirements`.
    public func registerProcessing(
        _ identifier: String, budget: Duration, requirements: ProcessingRequirements,
        work: @escaping @Sendable (BackgroundTask) async -> BackgroundTaskResult
    ) {
        registrations[identifier] = Registration(
            identifier: identifier, budget: budget, requirements: requirements, work: work)
    }

    /// The device's power or network changed at `now`: due processing requests may run.
    ///
    /// Every processing request that is due and whose requirements now hold runs (in identifier
    /// order), as the system starts them when the device is plugged in on Wi-Fi. Returns what ran
    /// and how each ended.
    public func deviceChanged(
        to conditions: DeviceConditions, at now: Date
    ) async -> [(identifier: String, result: BackgroundTaskResult)] {
        self.conditions = conditions
        var ran: [(identifier: String, result: BackgroundTaskResult)] = []
        for registration in registered() where registration.requirements != nil {
            guard let request = requests[registration.identifier], request.earliestBeginDate <= now,
                registration.requirements?.unmet(by: conditions).isEmpty == true,
                let result = try? await run(registration.identifier)
            else { continue }
            ran.append((registration.identifier, result))
        }
        return ran
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

    /// Runs the task's pending request now, within its budget.
    ///
    /// When the budget runs out the expiration handler runs and the work is cancelled
    /// (`expired`). A processing task whose requirements the device does not meet is refused and
    /// keeps its request.
    public func run(_ identifier: String) async throws(BackgroundTaskError) -> BackgroundTaskResult {
        guard let registration = registrations[identifier] else { throw .notRegistered(identifier) }
        guard requests[identifier] != nil else { throw .notScheduled(identifier) }
        if let missing = registration.requirements?.unmet(by: conditions), !missing.isEmpty {
            throw .conditionsNotMet(identifier, missing: missing)
        }
        requests[identifier] = nil
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
