import Foundation

/// Sends one HTTP request and returns the response, whatever its status.
///
/// Status codes are not errors at this level; only a failure to get a response is.
public protocol HTTPClientProtocol: Sendable {
    /// Sends the request.
    func send(_ request: HTTPRequestSpec) async throws(TransportError) -> HTTPResponseSpec
}

/// An HTTP request, independent of the client that sends it.
public struct HTTPRequestSpec: Sendable, Equatable {
    /// The method, such as `GET` or `PUT`.
    public var method: String
    /// The absolute URL.
    public var url: URL
    /// Header fields.
    public var headers: [String: String]
    /// The body, if any.
    public var body: Foundation.Data?

    /// Creates a request.
    public init(method: String, url: URL, headers: [String: String] = [:], body: Foundation.Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// Whether repeating the request has the same effect as sending it once (RFC 9110 §9.2.2).
    public var isIdempotent: Bool { ["GET", "HEAD", "PUT", "DELETE", "OPTIONS"].contains(method) }
}

/// An HTTP response.
public struct HTTPResponseSpec: Sendable, Equatable {
    /// The status code.
    public var status: Int
    /// Header fields, names lowercased.
    public var headers: [String: String]
    /// The body.
    public var body: Foundation.Data

    /// Creates a response; header names are lowercased.
    public init(status: Int, headers: [String: String] = [:], body: Foundation.Data = Foundation.Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
    }

    /// A header value by case-insensitive name.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
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
