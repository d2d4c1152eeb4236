import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization

/// Sends entity tags as the server gave them.
///
/// swift-openapi-runtime 1.13 percent-encodes header parameters as it encodes URI components, so
/// `If-Match: "d4-v1"` leaves as `If-Match: %22d4-v1%22`, an entity tag the server never issued:
/// every update and delete answers 412. An entity tag is opaque (RFC 9110 §8.8.3) and must be sent
/// back byte for byte; this middleware undoes the encoding on the validator headers only.
struct ValidatorHeadersMiddleware: ClientMiddleware {
    static let validators: [HTTPField.Name] = [.ifMatch, .ifNoneMatch]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        for name in Self.validators {
            guard let value = request.headerFields[name], let decoded = value.removingPercentEncoding else { continue }
            request.headerFields[name] = decoded
        }
        return try await next(request, body, baseURL)
    }
}

/// Adds `Authorization: Bearer TOKEN` once signed in (the spec's bearerAuth scheme: the generated
/// client names it but leaves sending it to the app).
final class BearerTokenMiddleware: ClientMiddleware, Sendable {
    private let token = Mutex<String?>(nil)

    /// Remembers the token `POST /sessions` returned.
    func signedIn(_ token: String) { self.token.withLock { $0 = token } }

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if let token = token.withLock({ $0 }) { request.headerFields[.authorization] = "Bearer \(token)" }
        return try await next(request, body, baseURL)
    }
}
