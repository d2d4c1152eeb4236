import Logging

/// Limits how often an action runs, in one of two modes.
///
/// - `lastOnly`: waits for `interval` of silence, then runs only the last action (search as you
///   type).
/// - `firstLast`: runs the first action at once, then at most once per `interval`, always
///   delivering the last one submitted (feedback while scrolling).
@MainActor
public final class Debouncer {
    /// How submissions are turned into runs.
    public enum Mode: Sendable, Equatable {
        /// Wait for silence; run the last.
        case lastOnly
        /// Run the first at once, then at most once per interval, ending with the last.
        case firstLast
    }

    private let interval: Duration
    private let mode: Mode
    private let clock: any Clock<Duration>
    private var timer: Task<Void, Never>?
    private var queued: (@MainActor () -> Void)?
    private let logger = Logger(label: "strata.presentation")

    /// Creates a debouncer that waits on `clock`.
    public init(interval: Duration, mode: Mode, clock: any Clock<Duration>) {
        self.interval = interval
        self.mode = mode
        self.clock = clock
    }

    isolated deinit {
        cancel()
        logger.debug("deinit Debouncer")
    }

    /// Submits an action.
    public func submit(_ action: @escaping @MainActor () -> Void) {
        switch mode {
        case .lastOnly:
            queued = action
            restartTimer()
        case .firstLast:
            if timer == nil {
                action()
                restartTimer()
            } else {
                queued = action
            }
        }
    }

    /// Drops any queued action and stops waiting.
    public func cancel() {
        timer?.cancel()
        timer = nil
        queued = nil
    }

    /// Runs the queued action now, if there is one (someone is about to look at the screen);
    /// in `firstLast` mode a new window opens after it.
    public func flush() {
        guard let action = queued else { return }
        queued = nil
        timer?.cancel()
        timer = nil
        action()
        if mode == .firstLast { restartTimer() }
    }

    /// Whether an action is queued or a window is open.
    public var isPending: Bool { timer != nil }
}

// MARK: - Private

extension Debouncer {
    private func restartTimer() {
        timer?.cancel()
        let clock = clock
        let interval = interval
        timer = Task { [weak self] in
            do {
                try await clock.sleep(for: interval)
            } catch {
                return  // cancelled: a newer submission or cancel() took over
            }
            self?.timerFired()
        }
    }

    private func timerFired() {
        timer = nil
        guard let action = queued else { return }
        queued = nil
        action()
        if mode == .firstLast { restartTimer() }  // the delivered action opens a new window
    }
}
