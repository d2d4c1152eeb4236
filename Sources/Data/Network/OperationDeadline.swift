import Domain

/// When a user-visible operation has to be over: every request it makes, retries and waits
/// included, ends by then.
///
/// The shell sets one per command (`--timeout`), background sync a longer one; a request made
/// outside any gets the API client's own budget.
///
/// Held in a task-local value, so the tasks an operation starts (`Task { }`, view-model work)
/// share its deadline without passing it along.
public enum OperationDeadline {
    /// The deadline of the operation running in this task, if one was set.
    @TaskLocal public static var current: ContinuousClock.Instant?

    /// Runs `body` as an operation that must end within `budget` from now.
    public static func run<Value: Sendable, Failure: Error>(
        within budget: Duration, _ body: () async throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let outcome = await $current.withValue(ContinuousClock.now + budget) {
            await Result.catching { () async throws(Failure) -> Value in try await body() }
        }
        return try outcome.get()
    }

    /// The time left before the deadline (zero when it has passed).
    static func remaining(_ deadline: ContinuousClock.Instant) -> Duration {
        max(.zero, ContinuousClock.now.duration(to: deadline))
    }
}
