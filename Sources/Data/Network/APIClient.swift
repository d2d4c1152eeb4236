public import Foundation
public import HTTPTypes
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
    /// How long a request may take, retries and waits included, outside an ``OperationDeadline``.
    private let budget: Duration
    /// The signed-in session, sent as `Authorization: Bearer` and forgotten on a 401.
    let credentials: SessionCredentials?
    private let logger = Logger(label: "strata.data.api")

    /// Creates a client for the API at `baseURL`.
    public init(
        baseURL: URL, http: any HTTPClientProtocol, security: TransportSecurity, retry: RetryPolicy,
        clock: any Clock<Duration>, now: @escaping @Sendable () -> Date, monitor: NetworkMonitor? = nil,
        budget: Duration = .seconds(10), credentials: SessionCredentials? = nil
    ) {
        self.credentials = credentials
        self.monitor = monitor
        self.budget = budget
        self.baseURL = baseURL
        self.http = http
        self.security = security
        self.retry = retry
        self.clock = clock
        self.now = now
    }

    /// `GET`s a JSON resource, conditionally when `etag` (a validator the server sent) is given.
    public func get<Value: Decodable & Sendable>(
        _ path: String, query: [URLQueryItem] = [], ifNoneMatch etag: String? = nil, as type: Value.Type = Value.self
    ) async throws(RemoteError) -> RemoteFetch<Value> {
        var fields: HTTPFields = [.accept: "application/json"]
        if let etag { fields[.ifNoneMatch] = etag }
        let (response, body) = try await perform(try request(.get, path, query, fields), body: nil)
        let validators = Self.validators(response)
        if response.status == .notModified { return .notModified(validators) }
        return .modified(try Self.decode(Value.self, from: response, body: body), validators)
    }

    /// Sends a JSON body with `method` and decodes the JSON answer; `retryable` says a resend is
    /// safe even though the method is not idempotent (every write it carries has its key).
    public func send<Value: Decodable & Sendable>(
        _ method: HTTPRequest.Method, _ path: String, body: some Encodable, headers extra: HTTPFields = [:],
        retryable: Bool = false, as type: Value.Type = Value.self
    ) async throws(RemoteError) -> (Value, RemoteValidators) {
        let encoded: Foundation.Data
        do {
            encoded = try Self.encoder.encode(body)
        } catch {
            throw .invalidData("cannot encode the request: \(error)")
        }
        var fields = extra
        fields[.contentType] = "application/json"
        fields[.accept] = "application/json"
        let (response, answer) = try await perform(
            try request(method, path, [], fields), body: encoded, retryable: retryable)
        return (try Self.decode(Value.self, from: response, body: answer), Self.validators(response))
    }

    /// Sends a request without a body whose answer has none (such as `DELETE`).
    public func sendWithoutBody(_ method: HTTPRequest.Method, _ path: String, headers: HTTPFields = [:])
        async throws(RemoteError)
    {
        _ = try await perform(try request(method, path, [], headers), body: nil)
    }
}

// MARK: - Private

extension APIClient {
    private static var encoder: JSONEncoder { JSONCoding.encoder }

    private static var decoder: JSONDecoder { JSONCoding.decoder }

    func request(
        _ method: HTTPRequest.Method, _ path: String, _ query: [URLQueryItem], _ fields: HTTPFields
    ) throws(RemoteError) -> HTTPRequest {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        if !query.isEmpty { components?.queryItems = query }
        guard let url = components?.url else { throw .invalidData("cannot build a URL for \(path)") }
        return try request(method, url: url, fields)
    }

    /// A request to `url` with the session's credentials, if the transport policy allows it.
    func request(_ method: HTTPRequest.Method, url: URL, _ fields: HTTPFields) throws(RemoteError) -> HTTPRequest {
        if let violation = security.violation(for: url) { throw violation }
        var fields = fields
        if let token = credentials?.token { fields[.authorization] = "Bearer \(token)" }
        return HTTPRequest(method: method, url: url, headerFields: fields)
    }

    /// Sends with retries and tells the network monitor how it went.
    func perform(
        _ request: HTTPRequest, body: Foundation.Data?, retryable: Bool = false
    ) async throws(RemoteError) -> (HTTPResponse, Foundation.Data) {
        try await perform(request, retryable: retryable) { http, request throws(TransportError) in
            try await http.send(request, body: body)
        }
    }

    /// Runs `exchange` with retries and tells the network monitor how it went.
    func perform<Payload: Sendable>(
        _ request: HTTPRequest, retryable: Bool = false, _ exchange: @escaping Exchange<Payload>
    ) async throws(RemoteError) -> (HTTPResponse, Payload) {
        do {
            let answer = try await performWithRetries(
                request, retryable: retryable || request.method.isIdempotent, exchange)
            monitor?.recordSuccess()
            return answer
        } catch {
            monitor?.record(error)
            if error == .unauthorized, let sent = request.headerFields[.authorization], sent.hasPrefix("Bearer ") {
                credentials?.rejected(String(sent.dropFirst(7)))
            }
            throw error
        }
    }

    /// One request and its answer over a client: a body in memory, a file sent or received.
    typealias Exchange<Payload> =
        @Sendable (any HTTPClientProtocol, HTTPRequest) async throws(TransportError) -> (
            HTTPResponse, Payload
        )

    /// Sends with retries, all before the operation's deadline; returns a 2xx or 304 response, or
    /// throws the mapped failure.
    private func performWithRetries<Payload: Sendable>(
        _ request: HTTPRequest, retryable: Bool, _ exchange: @escaping Exchange<Payload>
    ) async throws(RemoteError) -> (HTTPResponse, Payload) {
        let deadline = OperationDeadline.current ?? ContinuousClock.now + budget
        var attempt = 1
        while true {
            if Task.isCancelled { throw .cancelled }
            var wait = Duration.zero
            do {
                let (response, answer) = try await send(request, before: deadline, exchange)
                if response.status.kind == .successful || response.status == .notModified { return (response, answer) }
                let error = Self.error(for: response.status)
                guard retryable, RetryPolicy.isTransient(response.status), attempt < retry.maxAttempts
                else { throw error }
                let retryAfter = RetryPolicy.retryAfter(response.headerFields[.retryAfter], now: now())
                if let retryAfter, retryAfter > OperationDeadline.remaining(deadline) {
                    // Waiting would outlast the operation: say when to come back instead.
                    let seconds = retryAfter.components.seconds + (retryAfter.components.attoseconds > 0 ? 1 : 0)
                    throw RemoteError.retryLater(seconds: Int(max(1, seconds)))
                }
                wait = retry.delay(beforeRetry: attempt, retryAfter: retryAfter)
                guard wait < OperationDeadline.remaining(deadline) else { throw error }
                logger.info("\(request.method) \(request.path ?? ""): \(response.status), retry \(attempt) in \(wait)")
            } catch let error as TransportError {
                guard retryable, RetryPolicy.isTransient(error), attempt < retry.maxAttempts else {
                    throw Self.error(for: error)
                }
                wait = retry.delay(beforeRetry: attempt, retryAfter: nil)
                guard wait < OperationDeadline.remaining(deadline) else { throw Self.error(for: error) }
                logger.info("\(request.method) \(request.path ?? ""): \(error), retry \(attempt) in \(wait)")
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

    /// One attempt, abandoned at the deadline however the answer is arriving (a body that
    /// trickles in never lets a per-request idle timeout fire).
    private func send<Payload: Sendable>(
        _ request: HTTPRequest, before deadline: ContinuousClock.Instant, _ exchange: @escaping Exchange<Payload>
    ) async throws(TransportError) -> (HTTPResponse, Payload) {
        let remaining = OperationDeadline.remaining(deadline)
        guard remaining > .zero else { throw .timedOut }
        let http = self.http
        let attempt = Task { () async -> Result<(HTTPResponse, Payload), TransportError> in
            do throws(TransportError) {
                return .success(try await exchange(http, request))
            } catch {
                return .failure(error)
            }
        }
        let timer = Task {
            try? await Task.sleep(for: remaining)
            attempt.cancel()
        }
        defer { timer.cancel() }
        let outcome = await withTaskCancellationHandler {
            await attempt.value
        } onCancel: {
            attempt.cancel()
        }
        switch outcome {
        case .success(let answer): return answer
        case .failure(.cancelled) where !Task.isCancelled: throw .timedOut  // the deadline, not the user
        case .failure(let error): throw error
        }
    }

    /// The failure a status stands for (also for each change of a batch).
    static func error(forStatus code: Int) -> RemoteError { error(for: HTTPResponse.Status(code: code)) }

    private static func error(for status: HTTPResponse.Status) -> RemoteError {
        switch status {
        case .badRequest: .badRequest
        case .unauthorized: .unauthorized
        case .forbidden: .forbidden
        case .notFound: .notFound
        case .conflict, .preconditionFailed: .conflict
        case .gone: .gone
        case .unprocessableContent: .unprocessable
        case .tooManyRequests: .rateLimited
        default: status.kind == .serverError ? .server(status: status.code) : .unexpectedStatus(status.code)
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

    static func decode<Value: Decodable>(
        _ type: Value.Type, from response: HTTPResponse, body: Foundation.Data
    ) throws(RemoteError) -> Value {
        let contentType = response.headerFields[.contentType]?.lowercased() ?? "none"
        guard contentType.hasPrefix("application/json") else {
            throw .invalidData("expected JSON, got \(contentType)")
        }
        do {
            return try decoder.decode(Value.self, from: body)
        } catch {
            throw .invalidData("the response body is not the expected JSON")
        }
    }

    /// The caching headers; the entity tag is kept exactly as the server sent it (it is opaque:
    /// only the server knows what it means, so it goes back byte for byte).
    static func validators(_ response: HTTPResponse) -> RemoteValidators {
        let etag = response.headerFields[.eTag].flatMap { $0.isEmpty ? nil : $0 }
        return RemoteValidators(etag: etag, maxAge: maxAge(response.headerFields[.cacheControl]))
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
