public import Foundation

/// Everything that can go wrong talking to the server, before it is mapped to a Domain error.
public enum RemoteError: Error, LocalizedError, Equatable, Sendable {
    /// Plain HTTP to a host that is not an exception; no request was made.
    case insecureURL(host: String)
    /// 400: the request was malformed.
    case badRequest
    /// 401: credentials missing or expired.
    case unauthorized
    /// 403: not allowed.
    case forbidden
    /// 404: no such resource.
    case notFound
    /// 409 or 412: the resource changed since it was read.
    case conflict
    /// 410: the resource is gone for good.
    case gone
    /// 422: the server refused the content.
    case unprocessable
    /// 429: too many requests (after the retries ran out).
    case rateLimited
    /// 5xx (after the retries ran out).
    case server(status: Int)
    /// Any other status the app does not expect.
    case unexpectedStatus(Int)
    /// A body that is not what the API promises (wrong type, undecodable, too large, cut short).
    case invalidData(String)
    /// The server could not be reached.
    case offline
    /// The server did not answer in time.
    case timedOut
    /// The request was cancelled.
    case cancelled
    /// The server asked to wait (`Retry-After`) past the operation's deadline: try again in
    /// this many seconds.
    case retryLater(seconds: Int)

    /// A one-line description for logs.
    public var errorDescription: String? {
        switch self {
        case .insecureURL(let host):
            "refusing plain HTTP to '\(host)': use https, or make the host an exception"
        case .badRequest: "the server rejected the request (400)"
        case .unauthorized: "not authorized (401)"
        case .forbidden: "forbidden (403)"
        case .notFound: "not found (404)"
        case .conflict: "conflict: the resource changed (409/412)"
        case .gone: "gone (410)"
        case .unprocessable: "the server refused the content (422)"
        case .rateLimited: "rate limited (429)"
        case .server(let status): "server error (\(status))"
        case .unexpectedStatus(let status): "unexpected status \(status)"
        case .invalidData(let reason): "invalid data: \(reason)"
        case .offline: "the server cannot be reached"
        case .timedOut: "the server did not answer in time"
        case .cancelled: "cancelled"
        case .retryLater(let seconds): "the server asks to wait \(seconds) s, past the deadline"
        }
    }
}

extension RemoteError {
    /// Whether the failure may pass by itself: the server was not reached, did not answer in
    /// time or failed; the write may or may not have been applied (its key makes a resend safe).
    public var mayPass: Bool {
        switch self {
        case .offline, .timedOut, .server, .rateLimited, .invalidData, .cancelled, .retryLater: true
        case .badRequest, .unauthorized, .forbidden, .notFound, .conflict, .gone, .unprocessable, .unexpectedStatus,
            .insecureURL:
            false
        }
    }
}
