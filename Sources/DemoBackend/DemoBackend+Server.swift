import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import NIOCore

extension DemoBackend {
    /// The limits a request meets before any route reads it.
    enum Limits {
        /// The longest header line (the request line included): a longer one gets 431 without
        /// being read whole.
        static let maxHeaderField = 16 * 1_024
        /// All header lines together.
        static let maxHeaders = 64 * 1_024
        /// How many header lines a request may have.
        static let maxHeaderCount = 100
        /// How long a connection may sit with no request under way before it is closed.
        ///
        /// A request in progress has no time limit: an upload that keeps sending goes on.
        static let idleTimeout = TimeAmount.seconds(60)
        /// The largest web socket frame, either way.
        static let maxFrame = 1 << 16
    }

    /// HTTP/1.1 with the `/live` web socket upgrade, its requests held to ``Limits``.
    static func server(
        live: LiveSocket, gate: RequestGate, controls: BackendControls, connections: OpenConnections
    ) -> HTTPServerBuilder {
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: HTTP1Channel.Configuration(
                idleTimeout: Limits.idleTimeout,
                httpDecoderConfiguration: .init(
                    maxHeaderFieldSize: Limits.maxHeaderField, maxHeaderListSize: Limits.maxHeaders,
                    maxHeaderFieldCount: Limits.maxHeaderCount)),
            ws: WebSocketServerConfiguration(maxFrameSize: Limits.maxFrame))
        return HTTPServerBuilder { responder in
            HeaderLimit(
                inner: HTTP1WebSocketUpgradeChannel(responder: responder, configuration: configuration) { head, _, _ in
                    live.shouldUpgrade(head, gate: gate) { controls.count("GET /live") }
                }, connections: connections)
        }
    }
}
