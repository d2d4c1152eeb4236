import NIOCore
import Synchronization

/// The server's open connections, so a stop can close the ones that would hold it.
///
/// Hummingbird lets each open connection finish when its server is cancelled. A connection a
/// client opened and never sent a request on (an HTTP client pool's spare) never finishes, and
/// held the embedded server's stop until the REPL's quit gave up waiting for it.
final class OpenConnections: Sendable {
    private let channels = Mutex<[ObjectIdentifier: any Channel]>([:])

    /// Keeps `channel` until it closes.
    func add(_ channel: any Channel) {
        let key = ObjectIdentifier(channel)
        channels.withLock { $0[key] = channel }
        channel.closeFuture.whenComplete { [weak self] _ in
            _ = self?.channels.withLock { $0.removeValue(forKey: key) }
        }
    }

    /// How many are open.
    var count: Int { channels.withLock { $0.count } }

    /// Closes every connection still open.
    func closeAll() {
        for channel in channels.withLock({ Array($0.values) }) { channel.close(promise: nil) }
    }
}
