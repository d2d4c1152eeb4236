import Domain
import Synchronization

/// What the launch's resumption of queued uploads did, kept until the shell is between commands
/// (it runs in the background while the prompt waits, as a background session's events reach an
/// app when it next runs).
nonisolated final class UploadReports: Sendable {
    private struct State {
        var lines: [String] = []
        /// Resumptions started and not yet reported.
        var running = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Runs the launch's resumption and keeps the lines it earned (none when nothing was queued).
    func report(_ resumption: () async -> UploadResumption) async {
        state.withLock { $0.running += 1 }
        let lines = AttachmentOutput.report(await resumption())
        let waiting = state.withLock { state in
            state.lines += lines
            state.running -= 1
            guard state.running == 0 else { return [CheckedContinuation<Void, Never>]() }
            defer { state.waiting = [] }
            return state.waiting
        }
        for waiter in waiting { waiter.resume() }
    }

    /// Returns once every resumption started has kept its lines: a `docs uploads --resume` that
    /// waited for the launch's resumption must not print before that one's lines are kept.
    func settled() async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                if state.running == 0 { return true }
                state.waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// The lines kept so far, once.
    func take() -> [String] {
        state.withLock { state in
            defer { state.lines = [] }
            return state.lines
        }
    }
}
