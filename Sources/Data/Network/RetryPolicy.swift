public import Foundation
public import HTTPTypes

/// When and how long to wait before sending a request again.
///
/// Only idempotent requests are retried, only after transient failures, at most
/// ``maxAttempts`` times in all. Delays grow exponentially with full jitter; a server's
/// `Retry-After` replaces the computed delay, capped at ``maxRetryAfter``.
public struct RetryPolicy: Sendable {
    /// Total attempts, the first included.
    public var maxAttempts: Int
    /// The backoff ceiling of the first retry.
    public var baseDelay: Duration
    /// The largest backoff ceiling.
    public var maxDelay: Duration
    /// The longest `Retry-After` honoured.
    public var maxRetryAfter: Duration
    /// Returns a number in `0...1`; injected so tests are deterministic.
    public var random: @Sendable () -> Double

    /// Creates a policy.
    public init(
        maxAttempts: Int = 4, baseDelay: Duration = .milliseconds(200), maxDelay: Duration = .seconds(5),
        maxRetryAfter: Duration = .seconds(30), random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
        self.random = random
    }

    /// No retries at all.
    public static let never = RetryPolicy(maxAttempts: 1)

    /// Whether a response with this status should be retried.
    public static func isTransient(_ status: HTTPResponse.Status) -> Bool {
        [.requestTimeout, .tooManyRequests, .internalServerError, .badGateway, .serviceUnavailable, .gatewayTimeout]
            .contains(status)
    }

    /// Whether a transport failure should be retried.
    public static func isTransient(_ error: TransportError) -> Bool {
        switch error {
        case .cannotConnect, .connectionLost, .timedOut: true
        case .bodyTooLarge, .cancelled, .other: false
        }
    }

    /// The wait before retry number `retry` (1 for the first retry), honouring `retryAfter`.
    public func delay(beforeRetry retry: Int, retryAfter: Duration?) -> Duration {
        if let retryAfter { return min(max(retryAfter, .zero), maxRetryAfter) }
        let exponent = Double(1 << min(max(retry - 1, 0), 20))
        let ceiling = min(baseDelay * exponent, maxDelay)
        return ceiling * min(max(random(), 0), 1)
    }

    /// The wait a `Retry-After` value asks for: delta-seconds or an HTTP-date; `nil` if invalid.
    public static func retryAfter(_ value: String?, now: Date) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if value.allSatisfy(\.isASCII), let seconds = Int(value) {
            return seconds >= 0 ? .seconds(seconds) : nil
        }
        guard let date = HTTPDate.parse(value) else { return nil }
        return .milliseconds(max(0, Int(date.timeIntervalSince(now) * 1000)))
    }
}
