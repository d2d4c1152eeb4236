import CEditLine
import Foundation
import Synchronization

/// Ctrl-C on a terminal: at the prompt it discards the line; while a command runs it cancels the
/// command; a second Ctrl-C while that cancellation is pending exits with status 130.
///
/// The handler is installed with `sigaction` and without `SA_RESTART`, so a read blocked in
/// libedit returns `EINTR` instead of resuming, and libedit's own signal handling (`EL_SIGNAL`)
/// restores the terminal around it. The handler only touches atomics and `_exit`, which are safe
/// in a signal handler.
public enum Interrupts {
    /// Ctrl-C presses not yet taken.
    private static let pending = Atomic<Int>(0)
    /// Whether a command's cancellation was asked for and has not finished.
    private static let cancelling = Atomic<Bool>(false)
    /// The pipe the handler writes to, so a line reader waiting on any thread wakes up.
    private static let wakeRead = Atomic<Int32>(-1)
    private static let wakeWrite = Atomic<Int32>(-1)

    /// The read end of the wake-up pipe (readable after a Ctrl-C), or -1 before ``install()``.
    public static var wakeDescriptor: Int32 { wakeRead.load(ordering: .acquiring) }

    /// Installs the SIGINT handler (interactive sessions only: a script stops on Ctrl-C).
    public static func install() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
            wakeRead.store(ends[0], ordering: .releasing)
            wakeWrite.store(ends[1], ordering: .releasing)
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in Interrupts.received() }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: blocked reads must return EINTR
        sigaction(SIGINT, &action, nil)
    }

    /// Takes one pending Ctrl-C, if any.
    public static func take() -> Bool {
        strata_drain(wakeDescriptor)
        return pending.exchange(0, ordering: .acquiringAndReleasing) > 0
    }

    /// Runs `work` as a task that a Ctrl-C cancels.
    ///
    /// Returns `nil` when the command was cancelled that way, else its result.
    public static func runCancellable<Value: Sendable>(_ work: @escaping () async -> Value) async -> Value? {
        _ = take()
        let task = Task { await work() }
        let watcher = Task {
            while !Task.isCancelled {
                if take() {
                    cancelling.store(true, ordering: .releasing)
                    task.cancel()
                    return
                }
                try? await Task.sleep(for: Constants.pollInterval)
            }
        }
        let value = await task.value
        watcher.cancel()
        let wasCancelled = cancelling.exchange(false, ordering: .acquiringAndReleasing)
        return wasCancelled ? nil : value
    }
}

// MARK: - Private

extension Interrupts {
    private enum Constants {
        static let pollInterval = Duration.milliseconds(20)
        static let secondInterruptStatus: Int32 = 130
    }

    /// The signal handler's body: async-signal-safe operations only.
    private static func received() {
        if cancelling.load(ordering: .acquiring) { _exit(Constants.secondInterruptStatus) }
        pending.add(1, ordering: .acquiringAndReleasing)
        let descriptor = wakeWrite.load(ordering: .acquiring)
        if descriptor >= 0 {
            let saved = errno
            var byte: UInt8 = 1
            _ = write(descriptor, &byte, 1)
            errno = saved
        }
    }
}
