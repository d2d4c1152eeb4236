/// A view model's current state and the stream of its changes.
///
/// Every change is handed to every observer in order; setting a state equal to the current one
/// publishes nothing. Observers get the changes made after they subscribed.
public final class StateStore<State: Equatable & Sendable> {
    /// The current state.
    public private(set) var state: State
    private var observers: [Int: AsyncStream<State>.Continuation] = [:]
    private var nextObserver = 0

    /// Creates a store in its initial state.
    public init(_ initial: State) {
        state = initial
    }

    isolated deinit {
        for observer in observers.values { observer.finish() }
    }

    /// Moves to `next` and publishes it, unless it equals the current state.
    public func set(_ next: State) {
        guard next != state else { return }
        state = next
        for observer in observers.values { observer.yield(next) }
    }

    /// Every state published from now on, in order, until the store goes away.
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
