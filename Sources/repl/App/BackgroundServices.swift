import Domain
import Foundation
import Platform
import StrataData
import Synchronization

/// The platform's background machinery as the app registers it: a refresh task and silent pushes,
/// both fetching through the sync use case, and a maintenance processing task that vacuums the
/// database when the device is charging on an unmetered network.
struct BackgroundServices {
    /// The identifier of the maintenance processing task.
    static let maintenanceIdentifier = "com.strata.maintenance"
    /// How long the system lets maintenance run (processing tasks get minutes).
    static let maintenanceBudget = Duration.seconds(300)
    /// How long after maintenance the next is asked for.
    static let maintenanceInterval: TimeInterval = 24 * 3600

    /// The identifier of the refresh task.
    static let refreshIdentifier = "com.strata.refresh"
    /// How long the system lets a refresh run.
    static let refreshBudget = Duration.seconds(30)
    /// How long after a refresh the next one is asked for.
    static let refreshInterval: TimeInterval = 15 * 60

    /// The task scheduler.
    let scheduler: BackgroundTaskScheduler
    /// The silent-push receiver.
    let silentPush: SilentPushHandler
    /// What the last task run did, in words.
    let taskLog: TaskLog
    /// The app's clock (requests are due by it).
    let now: @Sendable () -> Date

    /// Registers the refresh task, asks for its first run, and sets up silent pushes.
    static func start(
        sync: SyncUseCase, database: AppDatabase, now: @escaping @Sendable () -> Date
    ) async -> BackgroundServices {
        let clock = ContinuousClock()
        let scheduler = BackgroundTaskScheduler(clock: clock)
        let log = TaskLog()
        await scheduler.register(refreshIdentifier, budget: refreshBudget) { [weak scheduler] _ in
            let result = await fetch(sync, pullOnly: false, log: log)
            // As apps do, the handler asks for the next refresh.
            try? await scheduler?.submit(
                refreshIdentifier, earliestBeginDate: now().addingTimeInterval(refreshInterval))
            return result
        }
        try? await scheduler.submit(refreshIdentifier, earliestBeginDate: now().addingTimeInterval(refreshInterval))
        let silentPush = SilentPushHandler(clock: clock, now: now) { _ in await fetch(sync, pullOnly: true, log: nil) }
        await scheduler.registerProcessing(
            maintenanceIdentifier, budget: maintenanceBudget, requirements: ProcessingRequirements()
        ) { [weak scheduler] _ in
            let result = vacuum(database, log: log)
            try? await scheduler?.submit(
                maintenanceIdentifier, earliestBeginDate: now().addingTimeInterval(maintenanceInterval))
            return result
        }
        try? await scheduler.submit(maintenanceIdentifier, earliestBeginDate: now())
        return BackgroundServices(scheduler: scheduler, silentPush: silentPush, taskLog: log, now: now)
    }

    /// The maintenance itself: vacuums the database and says what it freed.
    nonisolated private static func vacuum(_ database: AppDatabase, log: TaskLog) -> BackgroundTaskResult {
        do {
            let sizes = try database.vacuum()
            log.record(
                "vacuumed the database: \(sizes.before) → \(sizes.after) bytes "
                    + "(\(max(0, sizes.before - sizes.after)) freed)")
            return .noData
        } catch {
            log.record("vacuum failed: \(error.localizedDescription)")
            return .failed
        }
    }

    /// Syncs within the background budget (longer than a command's `--timeout`, and ending before
    /// the system would expire the task) and words the outcome as a background fetch result; why
    /// it failed goes to `log`.
    private static func fetch(_ sync: SyncUseCase, pullOnly: Bool, log: TaskLog?) async -> BackgroundTaskResult {
        let outcome: Result<SyncReport, SyncError> = await OperationDeadline.run(within: refreshBudget - .seconds(1)) {
            await sync.execute(pullOnly: pullOnly)
        }
        switch outcome {
        case .success(let report): return report.pulled + report.deleted + report.pushed > 0 ? .newData : .noData
        case .failure(let error):
            log?.record(error.localizedDescription)
            return .failed
        }
    }
}

/// What the last background task run did (the space a vacuum freed, why a refresh failed), for
/// the command that set it off.
nonisolated final class TaskLog: Sendable {
    private let last = Mutex<String?>(nil)

    /// Records a run's outcome.
    func record(_ sentence: String) {
        last.withLock { $0 = sentence }
    }

    /// The outcome recorded since the last call, if any.
    func take() -> String? {
        last.withLock { value in
            defer { value = nil }
            return value
        }
    }
}
