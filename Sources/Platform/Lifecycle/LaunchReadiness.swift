import Foundation

/// How far launching has come, in order.
nonisolated public enum ReadinessLevel: Int, Sendable, Comparable, CaseIterable {
    /// The container is prepared and the database open and migrated.
    case storageReady
    /// The first screen (the prompt) can be shown.
    case uiReady

    /// The level as the timeline names it.
    public var name: String {
        switch self {
        case .storageReady: "storage ready"
        case .uiReady: "UI ready"
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Launch as a sequence of readiness levels, so start-up does only what the first screen needs.
///
/// Work registered for a level runs when the level is reached, in the order it was registered;
/// work registered for a level already reached runs at once. Polite work (nothing on screen
/// waits for it) starts after UI-ready, each piece after its own random delay within `window`,
/// so it does not all land on the first frame. Every step is stamped on a monotonic clock.
public final class LaunchReadiness<C: Clock<Duration>> {
    /// One step of the timeline: how long after launch began, and what happened.
    public struct Event: Sendable, Equatable {
        /// Time since the readiness began, on the monotonic clock.
        public let at: Duration
        /// What happened.
        public let text: String
    }

    /// The highest level reached so far.
    public private(set) var level: ReadinessLevel?
    /// What happened so far, in order.
    public private(set) var timeline: [Event] = []
    private let clock: C
    private let start: C.Instant
    private let window: Duration
    private let fraction: () -> Double
    private var waiting: [(level: ReadinessLevel, label: String, work: () async -> Void)] = []
    private var politeWaiting: [(label: String, work: @Sendable () async -> Void)] = []
    private var deferred: [Task<Void, Never>] = []

    /// A readiness starting now on `clock`; polite work waits a random part of `window`, that part
    /// drawn by `fraction` (0…1; a test passes fixed ones).
    public init(clock: C, window: Duration = .seconds(3), fraction: @escaping () -> Double = { .random(in: 0...1) }) {
        self.clock = clock
        start = clock.now
        self.window = window
        self.fraction = fraction
    }

    deinit {
        for task in deferred { task.cancel() }
    }

    /// Runs `work` once `level` is reached (at once if it already is).
    public func register(_ label: String, at level: ReadinessLevel, _ work: @escaping () async -> Void) async {
        if let reached = self.level, reached >= level {
            await run(label, work)
        } else {
            waiting.append((level, label, work))
        }
    }

    /// Runs `work` after UI-ready, after a jittered delay within the window, off the main actor
    /// (the shell may be waiting for input there).
    public func registerPolite(_ label: String, _ work: @escaping @Sendable () async -> Void) {
        if let reached = level, reached >= .uiReady {
            `defer`(label, work)
        } else {
            politeWaiting.append((label, work))
        }
    }

    /// Marks `level` (and any below it) reached and runs the work waiting for it, in order.
    public func reach(_ target: ReadinessLevel) async {
        for level in ReadinessLevel.allCases where level <= target && (self.level.map { level > $0 } ?? true) {
            self.level = level
            record(level.name)
            let ready = waiting.filter { $0.level == level }
            waiting.removeAll { $0.level == level }
            for item in ready { await run(item.label, item.work) }
            if level == .uiReady {
                for item in politeWaiting { `defer`(item.label, item.work) }
                politeWaiting = []
            }
        }
    }

    /// Waits until every polite piece of work has run (for tests and an orderly exit).
    public func settle() async {
        for task in deferred { await task.value }
    }

    private func run(_ label: String, _ work: () async -> Void) async {
        await work()
        record("ran: \(label)")
    }

    private func `defer`(_ label: String, _ work: @escaping @Sendable () async -> Void) {
        let delay = window * max(0, min(1, fraction()))
        record("deferred: \(label) (in \(Self.text(delay)))")
        deferred.append(
            Task.detached { [weak self, clock, start] in
                do {
                    try await clock.sleep(for: delay)
                } catch {
                    return
                }
                await work()
                // Stamped here: the main actor may be busy (or waiting for input) for a while.
                let finished = start.duration(to: clock.now)
                await self?.record("ran: \(label)", at: finished)
            })
    }

    private func record(_ text: String, at moment: Duration? = nil) {
        timeline.append(Event(at: moment ?? start.duration(to: clock.now), text: text))
        timeline.sort { $0.at < $1.at }
    }

    /// Whole milliseconds under a second (`ms`), seconds with three decimals from one second (`s`).
    public static func text(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return seconds < 1 ? String(format: "%.0f ms", seconds * 1000) : String(format: "%.3f s", seconds)
    }
}
