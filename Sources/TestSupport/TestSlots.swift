import Synchronization

/// Work of the test process that may run only a few at a time; the rest waits its turn, without
/// holding a thread.
///
/// `run`'s body stays on its caller's actor (a test on the main actor stays there).
public final class TestSlots: Sendable {
    /// Batch-mode children of the test process.
    ///
    /// Swift Testing starts every test at once: with dozens of REPL children starting together on
    /// two cores, a child's requests to a server in the test process took longer than its timeouts
    /// (the transcripts of several devices, the crash and upload process tests failed together in
    /// loaded runs). Every child is bounded by its own `timeout`, so a slot is always given back.
    static let childProcesses = TestSlots(count: 3)

    /// Tests that hold one of the run's shared threads on purpose: a save waiting for another
    /// connection's write lock, which the test lets go once something else has run.
    ///
    /// The run has as many shared threads as cores (two). Two such tests at once held both, and
    /// then neither could let its lock go: a test on the main actor resumes through those threads
    /// too. One at a time, the other thread is always there for the work that ends the wait.
    public static let heldThreads = TestSlots(count: 1)

    private let state: Mutex<(free: Int, waiting: [CheckedContinuation<Void, Never>])>

    private init(count: Int) {
        state = Mutex((count, []))
    }

    /// Runs `body` once a slot is free.
    public func run<Value>(_ body: () async throws -> Value) async rethrows -> Value {
        await take()
        defer { give() }
        return try await body()
    }

    private func take() async {
        await withCheckedContinuation { continuation in
            let taken = state.withLock { state in
                guard state.free > 0 else {
                    state.waiting.append(continuation)  // resumed by the `give()` that hands it the slot
                    return false
                }
                state.free -= 1
                return true
            }
            if taken { continuation.resume() }
        }
    }

    private func give() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
