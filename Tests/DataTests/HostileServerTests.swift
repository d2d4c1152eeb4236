import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import LoopbackSockets
import NIOCore
import NIOWebSocket
import Synchronization
import Testing

@testable import StrataData

#if canImport(Glibc)
    import Glibc
#endif

/// A hostile server cannot make the app hold what it sends: an answer's body is read up to its
/// limit and no further, and a live message that never ends closes the socket.
@Suite("The client against a hostile server")
struct HostileServerTests {
    @Test(.timeLimit(.minutes(1))) func anEndlessAnswerIsCutAtTheLimitWhileItIsRead() async throws {
        // Given a server that sends 2 MB of a chunked body that never ends, then waits
        let server = try EndlessAnswer(beforeWaiting: 2 << 20)
        let client = NIOHTTPClient(timeout: 60, maxBodyBytes: 1 << 20)
        let request = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1:\(server.port)", path: "/big")
        // When the app reads it, then it stops at its limit and hangs up, without waiting for an end
        await #expect(throws: TransportError.bodyTooLarge(limit: 1 << 20)) { try await client.send(request, body: nil) }
        #expect(await server.hungUp(), "the app waited for the rest of the body")
    }

    @Test(.timeLimit(.minutes(1))) func aHugeFastAnswerIsReadNoFurtherThanTheLimit() async throws {
        // Given a server that sends 512 MB of a chunked body as fast as the socket takes it
        let server = try EndlessAnswer(beforeWaiting: 512 << 20)
        let client = NIOHTTPClient(timeout: 60, maxBodyBytes: 1 << 20)
        let request = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1:\(server.port)", path: "/big")
        // When the app reads it
        await #expect(throws: TransportError.bodyTooLarge(limit: 1 << 20)) { try await client.send(request, body: nil) }
        // Then it hangs up having taken little more than its limit: what it has not read stays in
        // the socket's buffers (a few MB on loopback), not in the app's memory
        #expect(await server.hungUp(), "the app waited for the rest of the body")
        #expect(server.sent < 32 << 20, "the server got \(server.sent >> 20) MB out before the app hung up")
    }

    @Test func aLiveMessageThatNeverEndsClosesTheSocket() async throws {
        // Given a live socket whose first message is fragments without an end
        let (stream, server) = try await Self.liveSocket { outbound in
            let fragment = ByteBuffer(repeating: UInt8(ascii: "a"), count: 1 << 15)
            try await outbound.write(.custom(WebSocketFrame(fin: false, opcode: .text, data: fragment)))
            for _ in 0..<320 {  // 10 MB in all
                try await outbound.write(.custom(WebSocketFrame(fin: false, opcode: .continuation, data: fragment)))
            }
        }
        defer { server.cancel() }
        // When the app listens, then the socket ends with an error instead of growing
        let error = await #expect(throws: LiveError.self) {
            for try await _ in stream {}
        }
        #expect(error == .closed("a message was larger than 1 MiB"))
        #expect(error?.localizedDescription == "the live socket closed: a message was larger than 1 MiB")
    }

    @Test func aBinaryMessageInFragmentsIsSkippedWhole() async throws {
        // Given a live socket that sends a binary message in two fragments, then a text message
        let (stream, server) = try await Self.liveSocket { outbound in
            let half = ByteBuffer(string: #"{"type":"change"}"#)
            try await outbound.write(.custom(WebSocketFrame(fin: false, opcode: .binary, data: half)))
            try await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .continuation, data: half)))
            try await outbound.write(.text("after"))
        }
        defer { server.cancel() }
        // When the app listens, then the binary message's second half is not taken for text
        var messages = stream.makeAsyncIterator()
        #expect(try await messages.next() == "after")
    }

    /// A live socket to a Hummingbird server on 127.0.0.1 that waits for the app's first message,
    /// then runs `send`; and the server's task, for the caller to cancel.
    private static func liveSocket(
        sending send: @escaping @Sendable (WebSocketOutboundWriter) async throws -> Void
    ) async throws -> (AsyncThrowingStream<String, any Error>, Task<Void, any Error>) {
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.ws("/live") { inbound, outbound, _ in
            var messages = inbound.messages(maxSize: 1 << 10).makeAsyncIterator()
            _ = try await messages.next()
            try await send(outbound)
            while try await messages.next() != nil {}
        }
        let (bound, binding) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router, server: .http1WebSocketUpgrade(webSocketRouter: router),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { binding.yield($0.localAddress?.port ?? 0) })
        let running = Task { try await app.run() }
        var ports = bound.makeAsyncIterator()
        let port = try #require(await ports.next())
        // The connection is not what is tested: a generous deadline, since a loaded machine took
        // more than 2 s to answer the upgrade and failed a CI run.
        let stream = try await WebSocketLiveTransport(connectTimeout: .seconds(30)).open(
            try #require(URL(string: "ws://127.0.0.1:\(port)/live")))
        return (stream, running)
    }
}

/// A server on 127.0.0.1 that answers its one request with `beforeWaiting` bytes of a chunked
/// body that never ends, then waits up to 30 s for the client to hang up.
final class EndlessAnswer: Sendable {
    let port: Int
    private let done: Mutex<CheckedContinuation<Bool, Never>?> = Mutex(nil)
    private let result = Mutex<Bool?>(nil)
    private let sentBytes = Mutex(0)

    /// How many body bytes the socket took before the client hung up (or the server gave up).
    var sent: Int { sentBytes.withLock { $0 } }

    init(beforeWaiting bytes: Int) throws {
        let (listener, port) = try LoopbackSocket.bound(port: 0, sharingAddress: false, listening: 1)
        self.port = port
        Thread.detachNewThread { [self] in
            let hungUp = Self.serve(listener, bytes: bytes, sent: sentBytes)
            close(listener)
            let waiting = result.withLock { value in
                value = hungUp
                return done.withLock { $0.take() }
            }
            waiting?.resume(returning: hungUp)
        }
    }

    /// Whether the client hung up before the server gave up waiting.
    func hungUp() async -> Bool {
        await withCheckedContinuation { continuation in
            let known = result.withLock { value -> Bool? in
                if value == nil { done.withLock { $0 = continuation } }
                return value
            }
            if let known { continuation.resume(returning: known) }
        }
    }

    private static func serve(_ listener: Int32, bytes: Int, sent counted: borrowing Mutex<Int>) -> Bool {
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return false }
        defer { close(connection) }
        var buffer = [UInt8](repeating: 0, count: 4_096)
        _ = read(connection, &buffer, buffer.count)
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        guard write(connection, head, head.utf8.count) > 0 else { return false }
        let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: 0x20, count: 0x10000) + Array("\r\n".utf8)
        var sent = 0
        while sent < bytes {
            let written = chunk.withUnsafeBytes {
                Glibc.send(connection, $0.baseAddress, chunk.count, Int32(MSG_NOSIGNAL))
            }
            guard written == chunk.count else {  // the client hung up meanwhile
                counted.withLock { $0 = sent }
                return true
            }
            sent += 0x10000
        }
        counted.withLock { $0 = sent }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return read(connection, &buffer, buffer.count) == 0 || errno == ECONNRESET
    }
}
