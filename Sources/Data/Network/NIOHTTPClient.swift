import AsyncHTTPClient
public import Foundation
public import HTTPTypes
import Logging

import NIOCore
import NIOHTTP1
import NIOPosix

/// Sends requests with AsyncHTTPClient on SwiftNIO: TLS for production hosts, a pool of kept-alive
/// connections, and answers read with backpressure (ADR 0047).
///
/// Backpressure is why this client exists: the next bytes of an answer are read from the socket
/// only once the previous ones were taken, so an answer larger than `maxBodyBytes` is refused after
/// at most that many bytes, whether it announces its length or not.
public final class NIOHTTPClient: HTTPClientProtocol {
    private let client: HTTPClient
    private let timeout: TimeAmount
    private let maxBodyBytes: Int
    private let logger = Logger(label: "strata.data.http")

    /// Creates a client; `timeout` bounds connecting and each wait for the server (and twice it a
    /// whole exchange), `maxBodyBytes` each answer's body.
    public init(timeout: TimeInterval, maxBodyBytes: Int = 10 * 1_048_576) {
        let wait = TimeAmount.nanoseconds(Int64(timeout * 1_000_000_000))
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: 5, allowCycles: false),
            timeout: .init(connect: wait, read: wait),
            decompression: .disabled
        )
        // An app that is offline must learn it at once; retrying is the caller's RetryPolicy.
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
        self.timeout = wait
        self.maxBodyBytes = maxBodyBytes
    }

    deinit {
        // Closes the pool's connections; the client stays alive until that is done.
        client.shutdown { _ in }
        logger.debug("deinit NIOHTTPClient")
    }

    /// Sends the request and returns whatever status came back, its body read up to the limit.
    public func send(_ request: HTTPRequest, body: Foundation.Data?) async throws(TransportError) -> (
        HTTPResponse, Foundation.Data
    ) {
        var outgoing = try Self.outgoing(request)
        if let body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        return try await Self.mapped {
            [client, timeout, maxBodyBytes] () async throws -> (HTTPResponse, Foundation.Data) in
            let answer = try await client.execute(outgoing, deadline: .now() + timeout * 2)
            let head = try Self.incoming(answer)
            if let length = answer.headers.first(name: "Content-Length").flatMap(Int.init), length > maxBodyBytes {
                throw TransportError.bodyTooLarge(limit: maxBodyBytes)
            }
            do {
                let bytes = try await answer.body.collect(upTo: maxBodyBytes)
                return (head, Foundation.Data(bytes.readableBytesView))
            } catch is NIOTooManyBytesError {
                throw TransportError.bodyTooLarge(limit: maxBodyBytes)
            }
        }
    }

    /// Sends the file as the body, read from disk as the server takes it.
    ///
    /// Through the client's callback API: there a chunk is read only once the previous one was
    /// written to the socket. With an async sequence for a body, the next chunks are taken while
    /// the connection still says it is writable and queue on its event loop, the faster the disk
    /// the more of them (ADR 0047).
    public func upload(_ request: HTTPRequest, fromFile file: URL) async throws(TransportError) -> (
        HTTPResponse, Foundation.Data
    ) {
        let outgoing = try Self.outgoing(request)
        guard let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int64,
            let handle = try? FileHandle(forReadingFrom: file)
        else { throw .other("cannot read \(file.path)") }
        defer { try? handle.close() }
        let loop = MultiThreadedEventLoopGroup.singleton.any()
        let body = HTTPClient.Body.stream(contentLength: size) { writer in Self.send(handle, to: writer, on: loop) }
        return try await Self.mapped { [client, maxBodyBytes] () async throws -> (HTTPResponse, Foundation.Data) in
            let upload = try HTTPClient.Request(
                url: outgoing.url, method: outgoing.method, headers: outgoing.headers, body: body)
            let task = client.execute(
                request: upload, delegate: ResponseAccumulator(request: upload, maxBodySize: maxBodyBytes),
                eventLoop: .delegate(on: loop), deadline: .now() + Constants.transferLimit)
            let answer = try await withTaskCancellationHandler {
                try await task.futureResult.get()
            } onCancel: {
                task.cancel()
            }
            let head = try Self.incoming(status: answer.status, headers: answer.headers)
            return (head, answer.body.map { Foundation.Data($0.readableBytesView) } ?? Foundation.Data())
        }
    }

    /// Writes the response body to a new temporary file as it arrives.
    public func download(_ request: HTTPRequest) async throws(TransportError) -> (HTTPResponse, URL) {
        let outgoing = try Self.outgoing(request)
        return try await Self.mapped { [client] () async throws -> (HTTPResponse, URL) in
            let answer = try await client.execute(outgoing, deadline: .now() + Constants.transferLimit)
            let head = try Self.incoming(answer)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "strata-download-\(UUID().uuidString)")
            guard FileManager.default.createFile(atPath: file.path, contents: nil),
                let handle = try? FileHandle(forWritingTo: file)
            else { throw TransportError.other("cannot write \(file.path)") }
            do {
                defer { try? handle.close() }
                for try await chunk in answer.body {
                    try handle.write(contentsOf: Foundation.Data(chunk.readableBytesView))
                }
            } catch {
                try? FileManager.default.removeItem(at: file)
                throw error
            }
            return (head, file)
        }
    }
}

// MARK: - Private

extension NIOHTTPClient {
    private enum Constants {
        /// The longest an upload or a download may take in all (an hour, as a background
        /// session's default allows a day); the idle timeout still applies between reads.
        static let transferLimit = TimeAmount.hours(1)
    }

    /// The request as AsyncHTTPClient sends it.
    private static func outgoing(_ request: HTTPRequest) throws(TransportError) -> HTTPClientRequest {
        guard let scheme = request.scheme, let authority = request.authority, let path = request.path else {
            throw .other("not a valid request")
        }
        var outgoing = HTTPClientRequest(url: "\(scheme)://\(authority)\(path)")
        outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headerFields { outgoing.headers.add(name: field.name.rawName, value: field.value) }
        return outgoing
    }

    /// The answer's status and header fields.
    private static func incoming(_ answer: HTTPClientResponse) throws(TransportError) -> HTTPResponse {
        try incoming(status: answer.status, headers: answer.headers)
    }

    /// An answer's status and header fields.
    private static func incoming(status: HTTPResponseStatus, headers: HTTPHeaders) throws(TransportError)
        -> HTTPResponse
    {
        var fields = HTTPFields()
        for (name, value) in headers {
            guard let name = HTTPField.Name(name) else { throw .other("an answer with a header field named \(name)") }
            fields.append(HTTPField(name: name, value: value))
        }
        return HTTPResponse(
            status: .init(code: Int(status.code), reasonPhrase: status.reasonPhrase), headerFields: fields
        )
    }

    /// Runs `exchange`, turning what it throws into a `TransportError`.
    private static func mapped<Value>(
        _ exchange: () async throws -> Value
    ) async throws(TransportError) -> Value {
        do {
            return try await exchange()
        } catch {
            throw transportError(error)
        }
    }

    private static func transportError(_ error: any Error) -> TransportError {
        switch error {
        case let error as TransportError: return error
        case is CancellationError: return .cancelled
        case is NIOConnectionError, is ChannelError: return .cannotConnect
        case let error as IOError where [ECONNREFUSED, ENETUNREACH, EHOSTUNREACH].contains(error.errnoCode):
            return .cannotConnect
        case let error as IOError where [ECONNRESET, EPIPE].contains(error.errnoCode): return .connectionLost
        case let error as HTTPClientError:
            switch error {
            case .cancelled, .requestStreamCancelled: return .cancelled
            case .connectTimeout, .tlsHandshakeTimeout, .getConnectionFromPoolTimeout: return .cannotConnect
            case .readTimeout, .writeTimeout, .deadlineExceeded: return .timedOut
            case .remoteConnectionClosed, .bodyLengthMismatch, .uncleanShutdown: return .connectionLost
            default: return .other("\(error)")
            }
        default:
            if Task.isCancelled { return .cancelled }
            return .other("\(error)")
        }
    }
}

extension NIOHTTPClient {
    /// How much of a file an upload reads at a time.
    private static let uploadChunk = 64 * 1_024

    /// Writes the rest of `handle`'s file to `writer` a chunk at a time: each read off the event
    /// loop, in NIO's thread pool, and the next only once the last was written.
    private static func send(
        _ handle: FileHandle, to writer: HTTPClient.Body.StreamWriter, on loop: any EventLoop
    ) -> EventLoopFuture<Void> {
        NIOThreadPool.singleton.runIfActive(eventLoop: loop) { try handle.read(upToCount: uploadChunk) }
            .flatMap { data in
                guard let data, !data.isEmpty else { return loop.makeSucceededVoidFuture() }
                return writer.write(.byteBuffer(ByteBuffer(bytes: data))).flatMap { send(handle, to: writer, on: loop) }
            }
    }
}
