/// Waits until `condition` holds, and says whether it did.
///
/// It checks the condition, then sleeps 10 ms before each further check, 3,000 checks at most
/// (30 s and more). The bound is a count of checks, not a moment on the clock: when a loaded
/// machine stalls the test (a CI run has two cores and runs suites side by side), the stall costs
/// one check, where a deadline could pass while the work being waited for stalled too. A sleep
/// between checks, not a bare `Task.yield()`, leaves the run's few threads to that work.
///
/// Prefer waiting on the event itself where the code under test offers one; this is for state that
/// only changes (a counter, a status, a folder's files). `isolation` keeps the condition on the
/// caller's actor, so it may read the test's main-actor state.
public func eventually(
    isolation: isolated (any Actor)? = #isolation, _ condition: () async throws -> Bool
) async rethrows -> Bool {
    for _ in 0..<3_000 {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return try await condition()
}
