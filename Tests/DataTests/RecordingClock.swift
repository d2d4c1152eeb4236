import Synchronization

/// A test clock that returns from every sleep at once and records how long each sleep asked for,
/// so a retry schedule is asserted exactly and without waiting.
final class RecordingClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        let offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let state = Mutex<(now: Instant, sleeps: [Duration])>((Instant(offset: .zero), []))
    private let cancelSleeps: Bool

    /// With `cancelSleeps`, every sleep throws `CancellationError`, as when the task is cancelled.
    init(cancelSleeps: Bool = false) {
        self.cancelSleeps = cancelSleeps
    }

    var now: Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .zero }

    /// Every duration slept, in order.
    var sleeps: [Duration] { state.withLock { $0.sleeps } }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        if cancelSleeps { throw CancellationError() }
        state.withLock { state in
            state.sleeps.append(state.now.duration(to: deadline))
            state.now = max(state.now, deadline)
        }
    }
}
