public import Domain
import Logging
import Synchronization

/// Learns whether the server is reachable from the outcome of real requests.
///
/// Reachability is never checked in advance (a check says nothing about the next request); one
/// monitor is shared by every request the app sends. Only the device's network path is taken as
/// it comes (``pathChanged(satisfied:)``): with no network, no request can succeed.
public final class NetworkMonitor: Sendable {
    private struct State {
        var status = NetworkStatus.online
        /// Set when a request succeeds after the server could not be reached or failed.
        var recovered = false
        /// Whether the device has a network: without one, an answer to a request sent before it
        /// was lost says nothing about the next.
        var hasPath = true
    }

    private let current = Mutex(State())

    /// Creates a monitor that assumes the server is reachable until a request says otherwise.
    public init() {}

    deinit {
        Logger(label: "strata.data.sync").debug("deinit NetworkMonitor")
    }

    /// What the last request said.
    public var status: NetworkStatus { current.withLock { $0.status } }

    /// A request reached the server and got an answer it meant (2xx, 304 or a 4xx about the request).
    public func recordSuccess() {
        current.withLock { state in
            guard state.hasPath else { return }
            if state.status != .online { state.recovered = true }
            state.status = .online
        }
    }

    /// Whether the server answered again after it could not be reached (or failed) since the
    /// last call; the sync engine takes this to decide when to resend what queued up.
    public func takeRecovery() -> Bool {
        current.withLock { state in
            defer { state.recovered = false }
            return state.recovered
        }
    }

    /// The device lost its network (`satisfied` false: no request can reach the server, so the
    /// app is offline without trying one) or regained it (true: after being offline, what waits
    /// is worth sending again; a request that still fails says offline again).
    public func pathChanged(satisfied: Bool) {
        current.withLock { state in
            state.hasPath = satisfied
            if !satisfied {
                state.status = .offline
            } else if state.status == .offline {
                state.status = .online
                state.recovered = true
            }
        }
    }

    /// A request failed with `error`: unreachable or timed out means offline, 5xx or 429 degraded,
    /// anything else (a 4xx about the request itself) still proves the server is there.
    public func record(_ error: RemoteError) {
        current.withLock { state in
            guard state.hasPath else { return }
            let previous = state.status
            switch error {
            case .offline, .timedOut: state.status = .offline
            case .server, .rateLimited, .invalidData, .retryLater: state.status = .degraded
            case .cancelled, .insecureURL: break
            default: state.status = .online
            }
            if previous != .online && state.status == .online { state.recovered = true }
        }
    }
}
