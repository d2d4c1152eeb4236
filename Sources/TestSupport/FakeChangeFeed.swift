public import Domain
import Synchronization

/// A ``ChangeFeedProtocol`` a test drives by hand: each ``send(_:)`` reaches every subscriber.
public final class FakeChangeFeed: ChangeFeedProtocol, Sendable {
    private let subscribers = Mutex<[AsyncStream<DataChange>.Continuation]>([])

    /// Creates a feed with no subscriber.
    public init() {}

    /// A stream of every change sent from now on.
    public func changes() -> AsyncStream<DataChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: DataChange.self)
        subscribers.withLock { $0.append(continuation) }
        return stream
    }

    /// Announces `change`.
    public func send(_ change: DataChange) {
        for subscriber in subscribers.withLock({ $0 }) { subscriber.yield(change) }
    }
}
