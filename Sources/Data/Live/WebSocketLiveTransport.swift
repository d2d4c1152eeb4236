public import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOWebSocket
import WSClient

/// The live socket through swift-websocket's client (ADR 0059): it upgrades the connection,
/// answers pings, joins a message's fragments up to a bound and closes the socket; this type says
/// it is ready and hands the text over.
public struct WebSocketLiveTransport: LiveTransport {
    private let connectTimeout: Duration

    /// A transport that gives up connecting after `connectTimeout`.
    public init(connectTimeout: Duration) {
        self.connectTimeout = connectTimeout
    }

    public func open(_ url: URL) async throws(LiveError) -> AsyncThrowingStream<String, any Error> {
        guard url.scheme == "ws" || url.scheme == "wss", url.host() != nil else { throw .badURL(url.absoluteString) }
        let (messages, continuation) = AsyncThrowingStream<String, any Error>.makeStream()
        // Whichever comes first settles the opening: the socket, its failure or the timeout.
        let (opened, opening) = AsyncStream.makeStream(
            of: Result<Void, LiveError>.self, bufferingPolicy: .bufferingOldest(1))
        let socket = Task {
            do {
                try await WebSocketClient.connect(
                    url: url.absoluteString, configuration: Limits.configuration, logger: Limits.logger
                ) { inbound, outbound, _ in
                    opening.yield(.success(()))
                    try await outbound.write(.text(#"{"type":"subscribe"}"#))
                    do {
                        try await Self.relay(inbound, to: continuation)
                        continuation.finish()
                    } catch {
                        // Thrown on, so the client closes the socket with the error's own code.
                        continuation.finish(throwing: LiveError.closed(Self.closing(error)))
                        throw error
                    }
                }
            } catch {
                opening.yield(.failure(.cannotConnect(Self.reason(error, url))))
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in socket.cancel() }
        let timer = Task { [connectTimeout] in
            try await Task.sleep(for: connectTimeout)
            opening.yield(.failure(.cannotConnect("no answer from \(url.host() ?? "") within \(connectTimeout)")))
        }
        defer { timer.cancel() }
        for await outcome in opened {
            guard case .failure(let error) = outcome else { break }
            socket.cancel()
            throw error
        }
        return messages
    }
}

// MARK: - Private

extension WebSocketLiveTransport {
    private enum Limits {
        /// The largest frame read: the client refuses a larger one before reading it.
        static let configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 16, closeTimeout: .seconds(1))
        /// The largest message, its fragments joined (a change event is a few hundred bytes).
        static let maxMessage = 1 << 20
        static let logger = Logger(label: "strata.data.live")
    }

    /// Hands each text message to `continuation` until the server closes; binary messages are
    /// skipped whole.
    ///
    /// The client joins a message's fragments up to `maxMessage` and closes the socket with
    /// "message too big" past it, so a message that never ends cannot grow without bound; the
    /// stream then ends with ``LiveError/closed(_:)`` and the app falls back to pulling.
    private static func relay(
        _ inbound: WebSocketInboundStream, to continuation: AsyncThrowingStream<String, any Error>.Continuation
    ) async throws {
        for try await message in inbound.messages(maxSize: Limits.maxMessage) {
            if case .text(let text) = message { continuation.yield(text) }
        }
    }

    /// Why the client closed the socket, in words, when its error carries a close code (the
    /// client's own error type is not public, but its code is); else the error's text.
    private static func closing(_ error: any Error) -> String {
        switch Mirror(reflecting: error).children.first?.value as? WebSocketErrorCode {
        case .messageTooLarge: "a message was larger than \(Limits.maxMessage >> 20) MiB"
        case .protocolError: "the server broke the web socket protocol"
        case .dataInconsistentWithMessage: "a text message was not valid UTF-8"
        default: "\(error)"
        }
    }

    /// Why the socket did not open, in words: `live status` shows it while the app reconnects,
    /// where SwiftNIO's own description spelled out its connection attempts.
    private static func reason(_ error: any Error, _ url: URL) -> String {
        let host = url.host() ?? ""
        if let refused = error as? WebSocketClientError, refused == .webSocketUpgradeFailed {
            return "the server at \(host) did not upgrade \(url.path()) to a web socket"
        }
        let attempt = (error as? NIOConnectionError)?.connectionErrors.first?.error ?? error
        if let failure = attempt as? IOError {
            return
                "the server at \(host) cannot be reached (\(String(cString: strerror(failure.errnoCode)).lowercased()))"
        }
        if error is NIOConnectionError || error is ChannelError { return "the server at \(host) cannot be reached" }
        return "\(error)"
    }
}
