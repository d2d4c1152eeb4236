public import Domain
import Synchronization

/// A ``ChangeFeedProtocol`` a test drives by hand: each ``send(_:)`` reaches every subscriber.
public final class FakeChangeFeed: ChangeFeedProtocol, Sendable {
    private let state = Mutex<(subscribers: [AsyncStream<DataChange>.Continuation], announced: Int)>(([], 0))

    /// Creates a feed with no subscriber.
    public init() {}

    /// A stream of every change sent from now on.
    public func changes() -> AsyncStream<DataChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: DataChange.self)
        state.withLock { $0.subscribers.append(continuation) }
        return stream
    }

    /// Announces `change`.
    public func send(_ change: DataChange) {
        state.withLock { state in
            state.announced += 1
            for subscriber in state.subscribers { subscriber.yield(change) }
        }
    }

    /// How many changes were sent so far.
    public var announcedCount: Int { state.withLock { $0.announced } }
}
