public import Foundation
public import HTTPTypes

/// Sends one HTTP request and returns the response, whatever its status.
///
/// Status codes are not errors at this level; only a failure to get a response is.
public protocol HTTPClientProtocol: Sendable {
    /// Sends `request` with `body` and returns the response and its body.
    func send(_ request: HTTPRequest, body: Foundation.Data?) async throws(TransportError) -> (
        HTTPResponse, Foundation.Data
    )

    /// Sends `request` with the file at `file` as its body, read from disk as it goes (never whole
    /// in memory), and returns the response and its body.
    func upload(_ request: HTTPRequest, fromFile file: URL) async throws(TransportError) -> (
        HTTPResponse, Foundation.Data
    )

    /// Sends `request` and writes the response body to a new temporary file as it arrives; the
    /// caller moves or removes the file.
    func download(_ request: HTTPRequest) async throws(TransportError) -> (HTTPResponse, URL)
}

/// Why no response arrived.
public enum TransportError: Error, Equatable, Sendable {
    /// No connection could be made.
    case cannotConnect
    /// The connection dropped before the whole response arrived.
    case connectionLost
    /// No answer within the timeout.
    case timedOut
    /// The response body is larger than the client accepts.
    case bodyTooLarge(limit: Int)
    /// The request was cancelled.
    case cancelled
    /// Anything else, described.
    case other(String)
}

extension HTTPRequest.Method {
    /// Whether repeating a request with this method has the same effect as sending it once
    /// (RFC 9110 §9.2.2).
    var isIdempotent: Bool { [.get, .head, .put, .delete, .options].contains(self) }
}

extension HTTPField.Name {
    /// `Idempotency-Key`: the server answers a replayed write under the same key with its first
    /// answer instead of applying it again.
    static var idempotencyKey: HTTPField.Name? { HTTPField.Name("Idempotency-Key") }
}
