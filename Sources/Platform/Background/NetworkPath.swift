import Synchronization

/// The device's network as the app's connections meet it, as `NWPathMonitor` reports it on iOS.
///
/// Background scheduling reads the same network from ``DeviceConditions``; this is what a request
/// sees: with no network it fails at once, before it reaches any server, and a network that
/// comes back is the moment to send what waited.
nonisolated public final class NetworkPath: Sendable {
    private let network: Mutex<DeviceNetwork>
    private let handler = Mutex<(@Sendable (Change) -> Void)?>(nil)

    /// A path on `network`.
    public init(_ network: DeviceNetwork) {
        self.network = Mutex(network)
    }

    /// Calls `handler` after each move that loses or regains the network, as `NWPathMonitor`'s
    /// `pathUpdateHandler`; it replaces the one set before.
    public func onChange(_ handler: @escaping @Sendable (Change) -> Void) {
        self.handler.withLock { $0 = handler }
    }

    /// The network the device is on now.
    public var current: DeviceNetwork { network.withLock { $0 } }

    /// Whether a connection can be made at all (any network but none).
    public var isSatisfied: Bool { current != .none }

    /// Moves the path to `new`, telling the handler when that lost or regained the network.
    public func update(_ new: DeviceNetwork) {
        let old = network.withLock { state in
            defer { state = new }
            return state
        }
        let change: Change
        switch (old == .none, new == .none) {
        case (false, true): change = .lost
        case (true, false): change = .regained
        default: return
        }
        handler.withLock { $0 }?(change)
    }

    /// What a move of the path did to the app's connections.
    public enum Change: Sendable, Equatable {
        /// The device had a network and has none.
        case lost
        /// The device had no network and has one.
        case regained
    }
}
