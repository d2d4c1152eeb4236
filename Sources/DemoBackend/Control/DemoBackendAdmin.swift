import AsyncHTTPClient
public import Foundation
import NIOCore
import NIOHTTP1

/// The controls of a demo server in another process (such as `strata-server`), through its
/// loopback admin routes (`/_admin/…`).
public struct DemoBackendAdmin: DemoServerControls {
    /// The server's base URL.
    public let baseURL: URL
    /// The server's admin token (`strata-server` prints it, and keeps it in its data folder).
    private let token: String?
    private let timeout: TimeAmount

    /// Controls the server at `baseURL` with its admin `token`; each request gives up after
    /// `timeout` seconds.
    public init(baseURL: URL, token: String?, timeout: Double = 10) {
        self.baseURL = baseURL
        self.token = token
        self.timeout = .nanoseconds(Int64(timeout * 1_000_000_000))
    }

    public func status() async throws(DemoBackendError) -> DemoBackendStatus {
        let data = try await send("GET", "status")
        do {
            return try ServerJSON.decoder.decode(DemoBackendStatus.self, from: data)
        } catch {
            throw .remote("the server at \(baseURL.absoluteString) sent a status this shell cannot read")
        }
    }

    public func injectStatus(_ status: Int, count: Int, retryAfter: String?, path: RequestPath?)
        async throws(DemoBackendError)
    {
        let body = AdminRoutes.StatusFaultBody(
            status: status, count: count, retryAfter: retryAfter, path: path?.description)
        _ = try await send("POST", "faults", body)
    }

    public func setLatency(milliseconds: Int) async throws(DemoBackendError) {
        _ = try await send("PUT", "latency", AdminRoutes.LatencyBody(milliseconds: milliseconds))
    }

    public func inject(_ fault: DemoBackend.BodyFault, count: Int, path: RequestPath?) async throws(DemoBackendError) {
        let body = AdminRoutes.BodyFaultBody(fault: fault.rawValue, count: count, path: path?.description)
        _ = try await send("POST", "body-faults", body)
    }

    public func reset() async throws(DemoBackendError) {
        _ = try await send("POST", "reset")
    }

    public func revokeAllSessions() async throws(DemoBackendError) {
        _ = try await send("POST", "end-sessions")
    }

    public func burst(count: Int) async throws(DemoBackendError) -> Int {
        let data = try await send("POST", "burst", AdminRoutes.BurstBody(count: count))
        do {
            return try ServerJSON.decoder.decode(AdminRoutes.BurstAnswer.self, from: data).serverVersion
        } catch {
            throw .remote("the server at \(baseURL.absoluteString) answered a burst with something unreadable")
        }
    }

    public func injectLiveFault(_ fault: DemoBackend.LiveFault) async throws(DemoBackendError) {
        _ = try await send("POST", "live-faults", AdminRoutes.LiveFaultBody(fault: fault.rawValue))
    }

    public func editElsewhere(_ collection: String, id: Int, fields: String) async throws(DemoBackendError) {
        _ = try await send("POST", "edit/\(collection)/\(id)", try EditedFields.changes(fields))
    }
}

// MARK: - Private

extension DemoBackendAdmin {
    private struct Empty: Encodable {}

    /// One client for every admin call (they are rare and short), kept for the process's life as
    /// `HTTPClient.shared` is, but answering a refused connection at once: the shared client tries
    /// to connect again until the request's deadline, so a stopped server took `timeout` to report.
    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// Why a request got no answer, in the system's words ("Connection refused") where it has them,
    /// instead of the client library's description of its error.
    private func reason(_ error: any Error) -> String {
        switch error {
        case let error as IOError: String(cString: strerror(error.errnoCode))
        case let error as HTTPClientError where [.deadlineExceeded, .readTimeout, .connectTimeout].contains(error):
            "no answer within \(timeout.nanoseconds / 1_000_000_000) s"
        default: "\(error)"
        }
    }

    private func send(_ method: String, _ path: String, _ body: some Encodable = Empty()) async throws(DemoBackendError)
        -> Data
    {
        var request = HTTPClientRequest(url: baseURL.appendingPathComponent("_admin/\(path)").absoluteString)
        request.method = HTTPMethod(rawValue: method)
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if method != "GET" {
            request.body = .bytes(ByteBuffer(string: ServerJSON.text(body)))
            request.headers.add(name: "Content-Type", value: "application/json")
        }
        let data: Data
        let status: Int
        do {
            let response = try await Self.client.execute(request, timeout: timeout)
            status = Int(response.status.code)
            data = Data(try await response.body.collect(upTo: 1 << 20).readableBytesView)
        } catch {
            throw .remote("cannot reach the server at \(baseURL.absoluteString): \(reason(error))")
        }
        guard (200..<300).contains(status) else {
            let message = (try? ServerJSON.decoder.decode([String: String].self, from: data))?["error"]
            if status == 401 {
                throw .rejected(
                    status, "the server at \(baseURL.absoluteString) wants its admin token (strata-server prints it)")
            }
            if status == 404 && message == nil {
                throw .remote(
                    "the server at \(baseURL.absoluteString) has no admin routes (is it a Strata demo server?)")
            }
            throw .rejected(status, message ?? "status \(status)")
        }
        return data
    }
}
