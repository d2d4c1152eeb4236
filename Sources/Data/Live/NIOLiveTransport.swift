public import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// The live socket over SwiftNIO's web socket support (ADR 0032): an HTTP/1.1 upgrade, a
/// subscribe message, then frames; pings are answered, text messages (fragmented ones joined) are
/// handed over.
public struct NIOLiveTransport: LiveTransport {
    private let connectTimeout: TimeAmount

    /// A transport that gives up connecting after `connectTimeout`.
    public init(connectTimeout: Duration = .seconds(2)) {
        self.connectTimeout = .nanoseconds(Int64(connectTimeout / .nanoseconds(1)))
    }

    private enum Upgrade: Sendable {
        case socket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        case refused
    }

    public func open(_ url: URL) async throws(LiveError) -> AsyncThrowingStream<String, any Error> {
        guard url.scheme == "ws", let host = url.host(), let port = url.port else {
            throw .badURL(url.absoluteString)
        }
        let path = url.path().isEmpty ? "/" : url.path()
        let upgrade: Upgrade
        do {
            let negotiated = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(connectTimeout)
                .channelOption(.tcpOption(.tcp_nodelay), value: 1)
                .connect(host: host, port: port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try Self.configure(channel, host: "\(host):\(port)", path: path)
                    }
                }
            upgrade = try await negotiated.get()
        } catch {
            throw .cannotConnect("\(error)")
        }
        guard case .socket(let channel) = upgrade else {
            throw .cannotConnect("the server at \(host):\(port) did not upgrade \(path) to a web socket")
        }
        return AsyncThrowingStream { continuation in
            let reading = Task {
                do {
                    try await channel.executeThenClose { inbound, outbound in
                        try await Self.relay(inbound, outbound, to: continuation)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in reading.cancel() }
        }
    }
}

// MARK: - Private

extension NIOLiveTransport {
    private enum Limits {
        /// The largest frame read (the decoder refuses a larger one before reading it).
        static let maxFrame = 1 << 16
        /// The largest message, its fragments joined (a change event is a few hundred bytes).
        static let maxMessage = 1 << 20
    }

    /// Sets up an HTTP client pipeline that asks to upgrade `path` to a web socket.
    private static func configure(_ channel: any Channel, host: String, path: String) throws -> EventLoopFuture<Upgrade>
    {
        let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(maxFrameSize: Limits.maxFrame) { channel, _ in
            channel.eventLoop.makeCompletedFuture {
                .socket(try NIOAsyncChannel(wrappingChannelSynchronously: channel))
            }
        }
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: host)
        headers.add(name: "Content-Length", value: "0")
        let request = HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers)
        let configuration = NIOTypedHTTPClientUpgradeConfiguration<Upgrade>(
            upgradeRequestHead: request, upgraders: [upgrader]
        ) { channel in
            channel.eventLoop.makeCompletedFuture { .refused }
        }
        return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
            configuration: .init(upgradeConfiguration: configuration))
    }

    /// Says it is ready (the server speaks only then), then hands text messages to
    /// `continuation` until the server closes; answers pings.
    private static func relay(
        _ inbound: NIOAsyncChannelInboundStream<WebSocketFrame>,
        _ outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>,
        to continuation: AsyncThrowingStream<String, any Error>.Continuation
    ) async throws {
        let ready = ByteBuffer(string: #"{"type":"subscribe"}"#)
        try await outbound.write(WebSocketFrame(fin: true, opcode: .text, maskKey: .random(), data: ready))
        var pending: [UInt8] = []
        for try await frame in inbound {
            switch frame.opcode {
            case .text, .continuation:
                pending += frame.unmaskedData.readableBytesView
                // A message that never ends must not grow without bound: the socket closes, and
                // the app falls back to pulling.
                guard pending.count <= Limits.maxMessage else { throw LiveError.messageTooLarge(Limits.maxMessage) }
                if frame.fin {
                    continuation.yield(String(decoding: pending, as: UTF8.self))
                    pending = []
                }
            case .ping:
                try await outbound.write(
                    WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData))
            case .connectionClose:
                return
            default:
                continue
            }
        }
    }
}
