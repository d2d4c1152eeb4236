extension LiveUpdates {
    /// The delays between reconnection attempts.
    public struct Backoff: Sendable, Equatable {
        /// The first delay.
        public var initial: Duration
        /// The longest delay.
        public var maximum: Duration

        /// Doubles from `initial` up to `maximum`.
        public init(initial: Duration = .milliseconds(250), maximum: Duration = .seconds(30)) {
            self.initial = initial
            self.maximum = maximum
        }

        /// The delay before attempt `attempt` (1 for the first retry): `initial` doubled each
        /// attempt, capped, then scaled by `jitter` (a factor from 0.5 to 1) so that clients
        /// dropped together do not all come back at once.
        public func delay(attempt: Int, jitter: Double) -> Duration {
            let doublings = min(max(attempt - 1, 0), 30)
            let full = min(initial * (1 << doublings), maximum)
            return full * min(max(jitter, 0.5), 1)
        }
    }
}
