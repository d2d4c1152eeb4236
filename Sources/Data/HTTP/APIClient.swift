import Foundation
import Logging

/// Talks to the app's JSON API: transport security, retries with backoff, status mapping, decoding.
///
/// Everything that waits uses the injected clock, so retry schedules are tested without sleeping.
public struct APIClient: Sendable {
    /// The API's base URL.
    public let baseURL: URL
    private let http: any HTTPClientProtocol
    private let security: TransportSecurity
    private let retry: RetryPolicy
    private let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    private let monitor: NetworkMonitor?
    private let logger = Logger(label: "strata.data.api")

    /// Creates a client for the API at `baseURL`.
    public init(
        baseURL: URL, http: any HTTPClientProtocol, security: TransportSecurity, retry: RetryPolicy,
        clock: any Clock<Duration>, now: @escaping @Sendable () -> Date, monitor: NetworkMonitor? = nil
    ) {
        self.monitor = monitor
        self.baseURL = baseURL
        self.http = http
        self.security = security
        self.retry = retry
        self.clock = clock
        self.now = now
    }

    /// `GET`s a JSON resource, conditionally when `etag` is given.
    public func get<Value: Decodable & Sendable>(
        _ path: String, query: [URLQueryItem] = [], ifNoneMatch etag: String? = nil, as type: Value.Type = Value.self
    ) async throws(RemoteError) -> RemoteFetch<Value> {
        var headers = ["Accept": "application/json"]
        if let etag { headers["If-None-Match"] = etag }
        let response = try await perform(HTTPRequestSpec(method: "GET", url: try url(path, query), headers: headers))
        let validators = Self.validators(response)
        if response.status == 304 { return .notModified(validators) }
        return .modified(try Self.decode(Value.self, from: response), validators)
    }

    /// Sends a JSON body with `method` and decodes the JSON answer.
    public func send<Value: Decodable & Sendable>(
        _ method: String, _ path: String, body: some Encodable, headers extra: [String: String] = [:],
        as type: Value.Type = Value.self
    ) async throws(RemoteError) -> (Value, RemoteValidators) {
        let encoded: Foundation.Data
        do {
            encoded = try Self.encoder.encode(body)
        } catch {
            throw .invalidData("cannot encode the request: \(error)")
        }
        var headers = extra
        headers["Content-Type"] = "application/json"
        headers["Accept"] = "application/json"
        let request = HTTPRequestSpec(method: method, url: try url(path, []), headers: headers, body: encoded)
        let response = try await perform(request)
        return (try Self.decode(Value.self, from: response), Self.validators(response))
    }

    /// Sends a request without a body whose answer has none (such as `DELETE`).
    public func sendWithoutBody(_ method: String, _ path: String, headers: [String: String] = [:])
        async throws(RemoteError)
    {
        _ = try await perform(HTTPRequestSpec(method: method, url: try url(path, []), headers: headers))
    }
}

// MARK: - Private

extension APIClient {
    private static var encoder: JSONEncoder { JSONCoding.encoder }

    private static var decoder: JSONDecoder { JSONCoding.decoder }

    private func url(_ path: String, _ query: [URLQueryItem]) throws(RemoteError) -> URL {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        if !query.isEmpty { components?.queryItems = query }
        guard let url = components?.url else { throw .invalidData("cannot build a URL for \(path)") }
        return url
    }

    /// Sends with retries and tells the network monitor how it went.
    private func perform(_ request: HTTPRequestSpec) async throws(RemoteError) -> HTTPResponseSpec {
        do {
            let response = try await performWithRetries(request)
            monitor?.recordSuccess()
            return response
        } catch {
            monitor?.record(error)
            throw error
        }
    }

    /// Sends with retries; returns a 2xx or 304 response, or throws the mapped failure.
    private func performWithRetries(_ request: HTTPRequestSpec) async throws(RemoteError) -> HTTPResponseSpec {
        if let violation = security.violation(for: request.url) { throw violation }
        var attempt = 1
        while true {
            if Task.isCancelled { throw .cancelled }
            let wait: Duration
            do {
                let response = try await http.send(request)
                if (200..<300).contains(response.status) || response.status == 304 { return response }
                let error = Self.error(forStatus: response.status)
                guard request.isIdempotent, RetryPolicy.isTransient(status: response.status),
                    attempt < retry.maxAttempts
                else { throw error }
                let retryAfter = RetryPolicy.retryAfter(response.header("Retry-After"), now: now())
                wait = retry.delay(beforeRetry: attempt, retryAfter: retryAfter)
                logger.info("\(request.method) \(request.url.path): \(response.status), retry \(attempt) in \(wait)")
            } catch let error as TransportError {
                guard request.isIdempotent, RetryPolicy.isTransient(error), attempt < retry.maxAttempts else {
                    throw Self.error(for: error)
                }
                wait = retry.delay(beforeRetry: attempt, retryAfter: nil)
                logger.info("\(request.method) \(request.url.path): \(error), retry \(attempt) in \(wait)")
            } catch let error as RemoteError {
                throw error
            } catch {
                throw .invalidData("\(error)")
            }
            do {
                try await clock.sleep(for: wait)
            } catch {
                throw .cancelled
            }
            attempt += 1
        }
    }

    private static func error(forStatus status: Int) -> RemoteError {
        switch status {
        case 400: .badRequest
        case 401: .unauthorized
        case 403: .forbidden
        case 404: .notFound
        case 409, 412: .conflict
        case 410: .gone
        case 422: .unprocessable
        case 429: .rateLimited
        case 500..<600: .server(status: status)
        default: .unexpectedStatus(status)
        }
    }

    private static func error(for transport: TransportError) -> RemoteError {
        switch transport {
        case .cannotConnect: .offline
        case .connectionLost: .invalidData("the connection closed before the response was complete")
        case .timedOut: .timedOut
        case .bodyTooLarge(let limit): .invalidData("the response is larger than \(limit / 1_048_576) MiB")
        case .cancelled: .cancelled
        case .other(let reason): .invalidData(reason)
        }
    }

    private static func decode<Value: Decodable>(_ type: Value.Type, from response: HTTPResponseSpec)
        throws(RemoteError) -> Value
    {
        let contentType = response.header("Content-Type")?.lowercased() ?? "none"
        guard contentType.hasPrefix("application/json") else {
            throw .invalidData("expected JSON, got \(contentType)")
        }
        do {
            return try decoder.decode(Value.self, from: response.body)
        } catch {
            throw .invalidData("the response body is not the expected JSON")
        }
    }

    /// The caching headers; an unquoted ETag is quoted so it can be sent back as a valid validator.
    static func validators(_ response: HTTPResponseSpec) -> RemoteValidators {
        let etag = response.header("ETag").map { tag -> String in
            let trimmed = tag.trimmingCharacters(in: .whitespaces)
            return trimmed.hasPrefix("\"") || trimmed.hasPrefix("W/\"") ? trimmed : "\"\(trimmed)\""
        }
        return RemoteValidators(
            etag: etag?.isEmpty == false ? etag : nil, maxAge: maxAge(response.header("Cache-Control")))
    }

    private static func maxAge(_ cacheControl: String?) -> Double? {
        guard let cacheControl else { return nil }
        for directive in cacheControl.lowercased().split(separator: ",") {
            let parts = directive.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            if parts.first == "no-cache" || parts.first == "no-store" { return 0 }
            if parts.first == "max-age", parts.count == 2, let seconds = Double(parts[1]), seconds >= 0 {
                return seconds
            }
        }
        return nil
    }
}
