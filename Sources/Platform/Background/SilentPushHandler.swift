public import Foundation
import Logging

/// Plays silent (content-available) pushes: each triggers a fetch that must finish within its
/// budget, and like the platform it throttles them: more than `limit` in an hour are not run.
public actor SilentPushHandler {
    private var accepted: [Date] = []
    private let limit: Int
    private let budget: Duration
    private let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    private let fetch: @Sendable (BackgroundTask) async -> BackgroundTaskResult

    /// Creates a handler: at most `limit` pushes per hour, each fetch within `budget` on `clock`.
    public init(
        limit: Int = 3, budget: Duration = .seconds(30), clock: any Clock<Duration>,
        now: @escaping @Sendable () -> Date, fetch: @escaping @Sendable (BackgroundTask) async -> BackgroundTaskResult
    ) {
        self.limit = limit
        self.budget = budget
        self.clock = clock
        self.now = now
        self.fetch = fetch
    }

    deinit {
        Logger(label: "strata.data.background").debug("deinit SilentPushHandler")
    }

    /// A silent push arrived: fetch (`newData`, `noData`, `failed` or `expired`), or `throttled`.
    public func receive() async -> BackgroundTaskResult {
        let moment = now()
        accepted.removeAll { moment.timeIntervalSince($0) >= Constants.window }
        guard accepted.count < limit else { return .throttled }
        accepted.append(moment)
        return await BackgroundTaskScheduler.run(fetch, identifier: "silent-push", budget: budget, clock: clock)
    }

    private enum Constants {
        static let window: TimeInterval = 3600
    }
}
