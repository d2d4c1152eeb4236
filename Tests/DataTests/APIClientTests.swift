import Foundation
import HTTPTypes
import StrataData
import Synchronization
import TestSupport
import Testing

/// An HTTP client that answers from a script and records what it was sent.
final class ScriptedHTTPClient: HTTPClientProtocol {
    enum Step: Sendable {
        case respond(HTTPResponse, Data)
        case fail(TransportError)
    }

    private let steps: Mutex<[Step]>
    private let sent = Mutex<[HTTPRequest]>([])

    init(_ steps: [Step]) {
        self.steps = Mutex(steps)
    }

    var requests: [HTTPRequest] { sent.withLock { $0 } }

    func send(_ request: HTTPRequest, body: Data?) async throws(TransportError) -> (HTTPResponse, Data) {
        sent.withLock { $0.append(request) }
        let step = steps.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        switch step {
        case .respond(let response, let body): return (response, body)
        case .fail(let error): throw error
        case nil: throw .other("script ran out")
        }
    }

    func upload(_ request: HTTPRequest, fromFile file: URL) async throws(TransportError) -> (HTTPResponse, Data) {
        try await send(request, body: nil)
    }

    func download(_ request: HTTPRequest) async throws(TransportError) -> (HTTPResponse, URL) {
        let (response, body) = try await send(request, body: nil)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scripted-\(UUID())")
        guard FileManager.default.createFile(atPath: file.path, contents: body) else { throw .other("no temp file") }
        return (response, file)
    }

    /// A response with these header fields (by name) and body.
    static func response(_ status: Int, _ body: String, headers: [String: String]) -> Step {
        var fields = HTTPFields()
        for (name, value) in headers {
            if let name = HTTPField.Name(name) { fields[name] = value }
        }
        return .respond(HTTPResponse(status: .init(code: status), headerFields: fields), Data(body.utf8))
    }

    static func json(
        _ status: Int, _ body: String = #"{"id":1,"name":"Ada","email":"a@x","bio":""}"#,
        headers: [String: String] = [:]
    ) -> Step {
        response(status, body, headers: ["Content-Type": "application/json"].merging(headers) { $1 })
    }
}

struct Profile: Decodable, Sendable, Equatable {
    let id: Int
    let name: String
}

@Suite("API client: status codes, retries, Retry-After, bad bodies")
struct APIClientTests {
    let clock = RecordingClock()
    let date = ManualDate()

    func client(
        _ http: ScriptedHTTPClient, attempts: Int = 4, url: String = "http://127.0.0.1:9",
        budget: Duration = .seconds(60)
    ) -> APIClient {
        let retry = RetryPolicy(
            maxAttempts: attempts, baseDelay: .milliseconds(100), maxDelay: .seconds(1), maxRetryAfter: .seconds(10),
            random: { 1 }
        )
        return APIClient(
            baseURL: URL(string: url) ?? URL(fileURLWithPath: "/"), http: http, security: .development, retry: retry,
            clock: clock, now: date.provider, budget: budget
        )
    }

    @Test(
        "Every error status maps to its case",
        arguments: [
            (400, RemoteError.badRequest), (401, .unauthorized), (403, .forbidden), (404, .notFound), (409, .conflict),
            (410, .gone), (412, .conflict), (422, .unprocessable), (418, .unexpectedStatus(418)),
        ])
    func statusMapping(status: Int, error: RemoteError) async {
        let http = ScriptedHTTPClient([ScriptedHTTPClient.json(status, #"{"error":"x"}"#)])
        await #expect(throws: error) { try await client(http).get("users/1", as: Profile.self) }
        #expect(http.requests.count == 1, "permanent errors are not retried")
    }

    @Test func unauthorizedReadsAsPleaseLogInAgainInTheDomain() async {
        let http = ScriptedHTTPClient([ScriptedHTTPClient.json(401, #"{"error":"x"}"#)])
        await #expect(throws: RemoteError.unauthorized) { try await client(http).get("users/1", as: Profile.self) }
    }

    @Test func notModifiedKeepsTheValidators() async throws {
        let http = ScriptedHTTPClient([
            ScriptedHTTPClient.response(304, "", headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=20"])
        ])
        guard
            case .notModified(let validators) = try await client(http).get(
                "users/1", ifNoneMatch: "\"v1\"", as: Profile.self)
        else {
            Issue.record("expected 304")
            return
        }
        #expect(validators == RemoteValidators(etag: "\"v1\"", maxAge: 20))
        #expect(http.requests.first?.headerFields[.ifNoneMatch] == "\"v1\"")
    }

    @Test func transientStatusesAreRetriedWithExponentialBackoff() async throws {
        let http = ScriptedHTTPClient([
            ScriptedHTTPClient.json(503, "{}"), ScriptedHTTPClient.json(502, "{}"), ScriptedHTTPClient.json(200),
        ])
        let result = try await client(http).get("users/1", as: Profile.self)
        guard case .modified(let profile, _) = result else {
            Issue.record("expected a profile")
            return
        }
        #expect(profile == Profile(id: 1, name: "Ada"))
        // Full jitter pinned to its ceiling: the waits are 100 ms, then 200 ms.
        #expect(clock.sleeps == [.milliseconds(100), .milliseconds(200)])
        #expect(http.requests.count == 3)
    }

    @Test func retryAfterInSecondsIsHonoured() async throws {
        let http = ScriptedHTTPClient([
            ScriptedHTTPClient.json(429, "{}", headers: ["Retry-After": "3"]), ScriptedHTTPClient.json(200),
        ])
        _ = try await client(http).get("users/1", as: Profile.self)
        #expect(clock.sleeps == [.seconds(3)])
    }

    @Test func retryAfterAsAnHTTPDateIsHonouredAndCapped() async throws {
        let inFive = HTTPDate.format(date.now.addingTimeInterval(5))
        let inTwenty = HTTPDate.format(date.now.addingTimeInterval(20))
        let http = ScriptedHTTPClient([
            ScriptedHTTPClient.json(503, "{}", headers: ["Retry-After": inFive]),
            ScriptedHTTPClient.json(503, "{}", headers: ["Retry-After": inTwenty]), ScriptedHTTPClient.json(200),
        ])
        _ = try await client(http).get("users/1", as: Profile.self)
        // Twenty seconds is capped at the policy's ten.
        #expect(clock.sleeps == [.seconds(5), .seconds(10)])
    }

    @Test func aRetryAfterPastTheDeadlineFailsAtOnceSayingWhenToComeBack() async throws {
        let inAnHour = HTTPDate.format(date.now.addingTimeInterval(3600))
        let http = ScriptedHTTPClient([
            ScriptedHTTPClient.json(503, "{}", headers: ["Retry-After": "2"]),
            ScriptedHTTPClient.json(503, "{}", headers: ["Retry-After": inAnHour]), ScriptedHTTPClient.json(200),
        ])
        // The budget runs on the real clock: half an hour keeps the 2 s wait within it however
        // long a loaded run keeps this task waiting for a thread (a 30 s budget once ran out).
        await #expect(throws: RemoteError.retryLater(seconds: 3600)) {
            try await client(http, budget: .seconds(1800)).get("users/1", as: Profile.self)
        }
        #expect(clock.sleeps == [.seconds(2)] && http.requests.count == 2)
    }

    @Test func aBackoffThatWouldOutlastTheDeadlineEndsTheRetries() async throws {
        let http = ScriptedHTTPClient([ScriptedHTTPClient.json(503, "{}"), ScriptedHTTPClient.json(200)])
        await #expect(throws: RemoteError.server(status: 503)) {
            try await client(http, budget: .milliseconds(50)).get("users/1", as: Profile.self)
        }
        #expect(clock.sleeps.isEmpty && http.requests.count == 1)
    }

    @Test func theOperationsDeadlineReplacesTheClientsBudget() async throws {
        let http = ScriptedHTTPClient([
            ScriptedHTTPClient.json(503, "{}", headers: ["Retry-After": "20"]), ScriptedHTTPClient.json(200),
        ])
        await #expect(throws: RemoteError.retryLater(seconds: 20)) {
            try await OperationDeadline.run(within: .seconds(5)) { () async throws(RemoteError) in
                try await client(http, budget: .seconds(60)).get("users/1", as: Profile.self)
            }
        }
    }

    @Test func anInvalidRetryAfterFallsBackToBackoff() async throws {
        let http = ScriptedHTTPClient([
            ScriptedHTTPClient.json(503, "{}", headers: ["Retry-After": "soon-ish"]), ScriptedHTTPClient.json(200),
        ])
        _ = try await client(http).get("users/1", as: Profile.self)
        #expect(clock.sleeps == [.milliseconds(100)])
    }

    @Test func attemptsAreBoundedAndTheLastErrorIsReported() async {
        let http = ScriptedHTTPClient(Array(repeating: ScriptedHTTPClient.json(500, "{}"), count: 5))
        await #expect(throws: RemoteError.server(status: 500)) {
            try await client(http, attempts: 3).get("users/1", as: Profile.self)
        }
        #expect(http.requests.count == 3)
        #expect(clock.sleeps == [.milliseconds(100), .milliseconds(200)])
    }

    @Test func cancellationDuringABackoffWaitStopsTheRetries() async {
        let http = ScriptedHTTPClient([ScriptedHTTPClient.json(503, "{}"), ScriptedHTTPClient.json(200)])
        let cancelling = RecordingClock(cancelSleeps: true)
        let api = APIClient(
            baseURL: URL(string: "http://127.0.0.1:9") ?? URL(fileURLWithPath: "/"), http: http, security: .development,
            retry: RetryPolicy(random: { 1 }), clock: cancelling, now: date.provider,
            // The budget is real time: a test process starved for a few seconds must not turn the
            // cancelled wait into a spent budget.
            budget: .seconds(3_600)
        )
        await #expect(throws: RemoteError.cancelled) { try await api.get("users/1", as: Profile.self) }
        #expect(http.requests.count == 1)
    }

    @Test func postsAreNeverRetried() async {
        let http = ScriptedHTTPClient([ScriptedHTTPClient.json(503, "{}"), ScriptedHTTPClient.json(200)])
        await #expect(throws: RemoteError.server(status: 503)) {
            try await client(http).send(.post, "documents", body: ["title": "x"], as: Profile.self)
        }
        #expect(http.requests.count == 1)
    }

    @Test func connectionFailuresAreRetriedThenReportedAsOffline() async {
        let http = ScriptedHTTPClient([.fail(.cannotConnect), .fail(.cannotConnect)])
        await #expect(throws: RemoteError.offline) {
            try await client(http, attempts: 2).get("users/1", as: Profile.self)
        }
        #expect(http.requests.count == 2)
    }

    @Test(
        "Bad bodies are invalid data",
        arguments: [
            ("text/html", "<html>"), ("application/json", "{\"id\": \"one\"}"), ("application/json", "{\"items\": ["),
            ("application/json", ""),
        ])
    func badBodies(contentType: String, body: String) async {
        let http = ScriptedHTTPClient([ScriptedHTTPClient.response(200, body, headers: ["Content-Type": contentType])])
        await #expect {
            try await client(http).get("users/1", as: Profile.self)
        } throws: { error in
            if case RemoteError.invalidData = error { return true }
            return false
        }
    }

    @Test func anOversizedBodyIsInvalidData() async {
        let http = ScriptedHTTPClient([.fail(.bodyTooLarge(limit: 10 * 1_048_576))])
        await #expect(throws: RemoteError.invalidData("the response is larger than 10 MiB")) {
            try await client(http).get("users/1", as: Profile.self)
        }
    }

    @Test(arguments: ["abc123", "\"d1-v1\"", "W/\"x\"", "   spaced   "])
    func anEntityTagIsKeptExactlyAsTheServerSentIt(etag: String) async throws {
        let http = ScriptedHTTPClient([ScriptedHTTPClient.json(200, headers: ["ETag": etag])])
        guard case .modified(_, let validators) = try await client(http).get("users/1", as: Profile.self) else {
            Issue.record("expected a profile")
            return
        }
        #expect(validators.etag == etag.trimmingCharacters(in: .whitespaces))
    }

    @Test func plainHTTPToAnUnlistedHostIsRefusedBeforeAnyRequest() async {
        let http = ScriptedHTTPClient([ScriptedHTTPClient.json(200)])
        await #expect(throws: RemoteError.insecureURL(host: "api.example.com")) {
            try await client(http, url: "http://api.example.com").get("users/1", as: Profile.self)
        }
        #expect(http.requests.isEmpty)
    }
}

@Suite("Retry policy")
struct RetryPolicyTests {
    @Test func fullJitterScalesTheCappedExponentialCeiling() {
        let half = RetryPolicy(baseDelay: .milliseconds(100), maxDelay: .milliseconds(300), random: { 0.5 })
        #expect(half.delay(beforeRetry: 1, retryAfter: nil) == .milliseconds(50))
        #expect(half.delay(beforeRetry: 2, retryAfter: nil) == .milliseconds(100))
        #expect(half.delay(beforeRetry: 5, retryAfter: nil) == .milliseconds(150))
        #expect(half.delay(beforeRetry: 1, retryAfter: .seconds(2)) == .seconds(2))
        #expect(half.delay(beforeRetry: 1, retryAfter: .seconds(99)) == .seconds(30))
    }

    @Test func retryAfterParsesBothForms() {
        let now = Date(timeIntervalSince1970: 1_767_258_000)
        #expect(RetryPolicy.retryAfter("7", now: now) == .seconds(7))
        #expect(RetryPolicy.retryAfter(HTTPDate.format(now.addingTimeInterval(4)), now: now) == .seconds(4))
        #expect(RetryPolicy.retryAfter(HTTPDate.format(now.addingTimeInterval(-4)), now: now) == .zero)
        #expect(RetryPolicy.retryAfter("-3", now: now) == nil)
        #expect(RetryPolicy.retryAfter("tomorrow", now: now) == nil)
        #expect(RetryPolicy.retryAfter(nil, now: now) == nil)
    }
}
