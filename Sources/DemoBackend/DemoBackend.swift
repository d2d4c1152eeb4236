import FlyingFox
import FlyingSocks
public import Foundation
import Logging
import Synchronization

/// A small HTTP server on 127.0.0.1 serving the sample app's JSON API (Docs/API.md), with faults
/// that tests and the REPL inject: error statuses, latency, malformed bodies, dropped
/// connections, and the whole server going down and up.
public actor DemoBackend {
    private let state: BackendState
    private var server: HTTPServer?
    private var serverTask: Task<Void, Never>?
    private var port: UInt16
    private let logger = Logger(label: "strata.demo-backend")

    /// How the server's entity tags look.
    public enum ValidatorStyle: Sendable {
        /// `"d1-v2"`: readable, for the docs and for people.
        case readable
        /// Opaque tokens without quotes, as some servers send them: only echoing them byte for
        /// byte works.
        case opaque
    }

    /// Creates a stopped server; `port` 0 picks a free port at the first ``start()``.
    public init(
        port: UInt16 = 0, now: @escaping @Sendable () -> Date = { Date() }, validators: ValidatorStyle = .readable
    ) {
        self.port = port
        self.state = BackendState(now: now, validators: validators)
    }

    deinit {
        serverTask?.cancel()
        logger.debug("deinit DemoBackend")
    }

    /// The base URL, such as `http://127.0.0.1:53412`, once started.
    public var baseURL: URL? {
        port == 0 ? nil : URL(string: "http://127.0.0.1:\(port)")
    }

    /// Starts listening (again, on the same port after ``stop()``); returns the base URL.
    @discardableResult
    public func start() async throws -> URL {
        if let baseURL, server != nil { return baseURL }
        let address = try sockaddr_in.inet(ip4: "127.0.0.1", port: port)
        let pool = NoDelaySocketPool(base: HTTPServer.defaultPool())
        let router = BackendRouter(state: state)
        let handler = ClosureHTTPHandler { request in await router.respond(to: request) }
        let server = HTTPServer(address: address, timeout: 60, pool: pool, logger: .disabled, handler: handler)
        serverTask = Task { try? await server.run() }
        try await server.waitUntilListening()
        if case .ip4(_, let boundPort) = await server.listeningAddress { port = boundPort }
        self.server = server
        guard let baseURL else { throw DemoBackendError.noPort }
        return baseURL
    }

    /// Stops listening and closes every connection: clients see "connection refused".
    public func stop() async {
        await server?.stop()
        serverTask?.cancel()
        server = nil
        serverTask = nil
    }

    /// What the server is doing.
    public func status() -> DemoBackendStatus {
        let faults = state.faults.withLock { $0 }
        let counters = state.counters.withLock { $0 }
        return DemoBackendStatus(
            isRunning: server != nil, baseURL: baseURL, requests: counters.requests,
            requestsByRoute: counters.byRoute, pendingStatusFaults: faults.statuses.count,
            pendingMalformed: faults.malformed, pendingDropped: faults.dropped,
            latencyMilliseconds: faults.latencyMilliseconds,
            documents: state.data.withLock { $0.documents.count }
        )
    }

    /// Answers the next `count` requests with `status` (and `Retry-After` when given).
    public func injectStatus(_ status: Int, count: Int = 1, retryAfter: String? = nil) {
        state.faults.withLock { faults in
            faults.statuses += Array(repeating: (status, retryAfter), count: max(0, count))
        }
    }

    /// Adds this much latency to every request.
    public func setLatency(milliseconds: Int) {
        state.faults.withLock { $0.latencyMilliseconds = max(0, milliseconds) }
    }

    /// A way the next responses' bodies go wrong.
    public enum BodyFault: Sendable {
        /// The body is cut-off JSON.
        case malformed
        /// The connection closes halfway through the body.
        case dropped
    }

    /// Spoils the body of the next `count` responses.
    public func inject(_ fault: BodyFault, count: Int = 1) {
        state.faults.withLock { faults in
            switch fault {
            case .malformed: faults.malformed += max(0, count)
            case .dropped: faults.dropped += max(0, count)
            }
        }
    }

    /// Sends a malformed JSON body for the next `count` requests.
    public func injectMalformed(count: Int = 1) { inject(.malformed, count: count) }

    /// Closes the connection halfway through the body of the next `count` responses.
    public func injectDroppedConnection(count: Int = 1) { inject(.dropped, count: count) }

    /// Clears every fault and counter and restores the sample data.
    public func reset() {
        state.faults.withLock { $0 = BackendState.Faults() }
        state.counters.withLock { $0 = BackendState.Counters() }
        state.data.withLock { $0 = BackendState.Data() }
    }

    /// Every document the server holds, as `(id, title, body, version)`, by id.
    public func documentSnapshot() -> [(id: Int, title: String, body: String, version: Int)] {
        state.data.withLock { data in
            data.documents.values.sorted { $0.id < $1.id }.map { ($0.id, $0.title, $0.body, $0.version) }
        }
    }

    /// Adds `count` documents at once, each a change of its own (for sync benchmarks).
    public func addDocuments(count: Int) {
        let now = state.now()
        state.data.withLock { data in
            for _ in 0..<count {
                let id = data.nextID
                data.nextID += 1
                data.documents[id] = WireDocument(
                    id: id, title: "Generated \(id)", body: String(repeating: "b", count: 200), tags: ["bulk"],
                    createdAt: now, updatedAt: now, version: 1)
                data.recordChange(of: id)
            }
        }
    }

    /// Changes a document as another device would (bumps its version), for conflict demos.
    @discardableResult
    public func editElsewhere(id: Int, body: String) -> Bool {
        let now = state.now()
        return state.data.withLock { data in
            guard var document = data.documents[id] else { return false }
            document.body = body
            document.version += 1
            document.updatedAt = now
            data.documents[id] = document
            data.recordChange(of: id)
            return true
        }
    }

    /// How many requests reached a route such as `GET /documents/:id`.
    public func requestCount(_ route: String? = nil) -> Int {
        state.counters.withLock { counters in route.map { counters.byRoute[$0] ?? 0 } ?? counters.requests }
    }
}

/// A snapshot of the demo server's state.
public struct DemoBackendStatus: Sendable, Equatable {
    /// Whether it accepts connections.
    public let isRunning: Bool
    /// Its base URL once it has a port.
    public let baseURL: URL?
    /// Requests served since start or reset.
    public let requests: Int
    /// Requests per route, such as `GET /documents/:id`.
    public let requestsByRoute: [String: Int]
    /// Injected error statuses still to be sent.
    public let pendingStatusFaults: Int
    /// Malformed bodies still to be sent.
    public let pendingMalformed: Int
    /// Dropped connections still to happen.
    public let pendingDropped: Int
    /// Latency added to every request.
    public let latencyMilliseconds: Int
    /// Documents on the server.
    public let documents: Int
}

/// Why the demo server could not start.
public enum DemoBackendError: Error {
    /// The socket has no port after binding.
    case noPort
}
