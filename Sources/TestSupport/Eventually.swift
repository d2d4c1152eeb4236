/// Waits until `condition` holds, and says whether it did.
///
/// It checks the condition, then sleeps a moment (`pause`) before each further check, `checks`
/// times at most. The bound is a count of checks, not a moment on the clock: when a loaded
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
    for _ in 0..<checks {
        if try await condition() { return true }
        try? await Task.sleep(for: pause)
    }
    return try await condition()
}

/// How many times ``eventually(isolation:_:)`` checks its condition at most.
private let checks = 3_000
/// How long ``eventually(isolation:_:)`` sleeps between two checks: short, so a condition that
/// holds is seen soon after.
private let pause = Duration.milliseconds(10)
