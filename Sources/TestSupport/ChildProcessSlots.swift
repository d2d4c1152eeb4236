/// At most a few batch-mode children of the test process run at once.
///
/// Swift Testing starts every test at once: with dozens of REPL children starting together on two
/// cores, a child's requests to a server in the test process took longer than its timeouts (the
/// transcripts of several devices, the crash and upload process tests failed together in loaded
/// runs). Every child is bounded by its own `timeout`, so a slot is always given back.
actor ChildProcessSlots {
    /// The slots of the test process.
    static let shared = ChildProcessSlots(count: 3)

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    private init(count: Int) {
        free = count
    }

    /// Runs `body` once a slot is free.
    func run<Value: Sendable>(_ body: () async throws -> Value) async rethrows -> Value {
        await take()
        defer { give() }
        return try await body()
    }

    private func take() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func give() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
