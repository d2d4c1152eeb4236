import Logging

/// Coalesces bursts of change notifications and delivers them in batches, at an interval that
/// adapts to how far behind the consumer is, so a slow screen gets fewer, larger batches.
///
/// Delivery starts at the fast interval. After each delivery the batcher measures how long the
/// consumer took: a consumer that keeps up keeps the fast interval; one that takes as long as the
/// slow interval (or longer) gets the slow one; in between, the interval is interpolated linearly.
@MainActor
public final class UpdateBatcher<Change: Hashable & Sendable> {
    private let fast: Duration
    private let slow: Duration
    private let clock: any Clock<Duration>
    private let deliver: @MainActor ([Change]) async -> Void
    private var pending: [Change] = []
    private var pendingSet: Set<Change> = []
    private var flush: Task<Void, Never>?
    private let logger = Logger(label: "strata.presentation")

    /// The interval the next batch waits for.
    public private(set) var interval: Duration

    /// Creates a batcher delivering to `deliver` between `fastInterval` and `slowInterval`.
    public init(
        fastInterval: Duration, slowInterval: Duration, clock: any Clock<Duration>,
        deliver: @escaping @MainActor ([Change]) async -> Void
    ) {
        fast = fastInterval
        slow = max(slowInterval, fastInterval)
        self.clock = clock
        self.deliver = deliver
        interval = fastInterval
    }

    isolated deinit {
        flush?.cancel()
        logger.debug("deinit UpdateBatcher")
    }

    /// Queues a change; a change already queued is not queued twice.
    public func submit(_ change: Change) {
        if pendingSet.insert(change).inserted { pending.append(change) }
        if flush == nil { scheduleFlush() }
    }

    /// Delivers what is waiting now instead of at the end of the interval (someone is about to
    /// look at the screen).
    public func deliverNow() async {
        guard !pending.isEmpty else { return }
        flush?.cancel()
        await deliverPending()
    }

    /// Whether changes are waiting or being delivered.
    public var isBusy: Bool { flush != nil }

    /// The interval for a consumer that needed `took` to handle a batch.
    public func adaptedInterval(consumerTook took: Duration) -> Duration {
        guard slow > fast else { return fast }
        let behind = (took - fast) / (slow - fast)
        let alpha = min(max(behind, 0), 1)
        return fast + (slow - fast) * alpha
    }
}

// MARK: - Private

extension UpdateBatcher {
    private func scheduleFlush() {
        let clock = clock
        let wait = interval
        flush = Task { [weak self] in
            do {
                try await clock.sleep(for: wait)
            } catch {
                return
            }
            await self?.deliverPending()
        }
    }

    private func deliverPending() async {
        let batch = pending
        pending = []
        pendingSet = []
        let took = await clock.measure { await deliver(batch) }
        interval = adaptedInterval(consumerTook: took)
        flush = nil
        if !pending.isEmpty { scheduleFlush() }
    }
}
