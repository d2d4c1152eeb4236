import Domain
import Logging
import Synchronization

/// Learns whether the server is reachable from the outcome of real requests.
///
/// Seed 000: never pre-check reachability. One monitor is shared by every request the app sends.
public final class NetworkMonitor: Sendable {
    private let current = Mutex(NetworkStatus.online)

    /// Creates a monitor that assumes the server is reachable until a request says otherwise.
    public init() {}

    deinit {
        Logger(label: "strata.data.sync").debug("deinit NetworkMonitor")
    }

    /// What the last request said.
    public var status: NetworkStatus { current.withLock { $0 } }

    /// A request reached the server and got an answer it meant (2xx, 304 or a 4xx about the request).
    public func recordSuccess() {
        current.withLock { $0 = .online }
    }

    /// A request failed with `error`: unreachable or timed out means offline, 5xx or 429 degraded,
    /// anything else (a 4xx about the request itself) still proves the server is there.
    public func record(_ error: RemoteError) {
        current.withLock { status in
            switch error {
            case .offline, .timedOut: status = .offline
            case .server, .rateLimited, .invalidData: status = .degraded
            case .cancelled, .insecureURL: break
            default: status = .online
            }
        }
    }
}
