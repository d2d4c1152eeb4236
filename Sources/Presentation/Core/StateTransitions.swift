/// Every state a view model moves to, in order, for the observers that must see each one: the
/// REPL's trace and `ViewModelTester`.
///
/// A screen reads the view model's `state` through Observation instead, which tells it that the
/// state changed and lets it read the latest: two changes in one turn reach it once. This log
/// hands over each state. Setting a state equal to the current one records nothing; observers get
/// the states recorded after they subscribed.
@MainActor
public final class StateTransitions<State: Equatable & Sendable> {
    private var observers: [Int: AsyncStream<State>.Continuation] = [:]
    private var nextObserver = 0

    /// An empty log.
    public init() {}

    isolated deinit {
        for observer in observers.values { observer.finish() }
    }

    /// Hands `state` to every observer, unless it equals `previous` (the view model calls this
    /// from its `state`'s `didSet`).
    public func record(_ state: State, after previous: State) {
        guard state != previous else { return }
        for observer in observers.values { observer.yield(state) }
    }

    /// Every state recorded from now on, in order, until the view model goes away.
    public func changes() -> AsyncStream<State> {
        let (stream, continuation) = AsyncStream<State>.makeStream(bufferingPolicy: .unbounded)
        let id = nextObserver
        nextObserver += 1
        observers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor [weak self] in self?.observers[id] = nil }
        }
        return stream
    }
}
