import Domain
import Foundation
import Platform
import StrataData

/// The platform's background machinery as the app registers it: a refresh task and silent pushes,
/// both fetching through the sync use case.
struct BackgroundServices {
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

    /// Registers the refresh task, asks for its first run, and sets up silent pushes.
    static func start(sync: SyncUseCase, now: @escaping @Sendable () -> Date) async -> BackgroundServices {
        let clock = ContinuousClock()
        let scheduler = BackgroundTaskScheduler(clock: clock)
        await scheduler.register(refreshIdentifier, budget: refreshBudget) { [weak scheduler] _ in
            let result = await fetch(sync, pullOnly: false)
            // As apps do, the handler asks for the next refresh.
            try? await scheduler?.submit(
                refreshIdentifier, earliestBeginDate: now().addingTimeInterval(refreshInterval))
            return result
        }
        try? await scheduler.submit(refreshIdentifier, earliestBeginDate: now().addingTimeInterval(refreshInterval))
        let silentPush = SilentPushHandler(clock: clock, now: now) { _ in await fetch(sync, pullOnly: true) }
        return BackgroundServices(scheduler: scheduler, silentPush: silentPush)
    }

    /// Syncs within the background budget (longer than a command's `--timeout`, and ending before
    /// the system would expire the task) and words the outcome as a background fetch result.
    private static func fetch(_ sync: SyncUseCase, pullOnly: Bool) async -> BackgroundTaskResult {
        let outcome: Result<SyncReport, SyncError> = await OperationDeadline.run(within: refreshBudget - .seconds(1)) {
            await sync.execute(pullOnly: pullOnly)
        }
        switch outcome {
        case .success(let report): return report.pulled + report.deleted + report.pushed > 0 ? .newData : .noData
        case .failure: return .failed
        }
    }
}
