public import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
public import Logging
import NIOCore
import Synchronization

/// The sample app's API server on 127.0.0.1 (Docs/API.md, Docs/openapi.yaml): versioned JSON
/// resources kept in SQLite in a data folder of its own, with faults that tests and the shell
/// inject (error statuses, latency, malformed, dropped or trickling bodies, the server going down
/// and up).
///
/// Embedded in the shell, it shares its folder with the other shells of the same account; the
/// `strata-server` executable runs it alone on a folder (``Sharing/exclusive``).
public actor DemoBackend {
    /// How the server's entity tags look.
    public enum ValidatorStyle: Sendable {
        /// `"d1-v2"`: readable, for the docs and for people.
        case readable
        /// Opaque tokens without quotes, as some servers send them: only echoing them byte for
        /// byte works.
        case opaque
    }

    /// How a server holds its data folder.
    public enum Sharing: Sendable {
        /// Several embedded servers (one per shell of an account) share the folder.
        case shared
        /// One standalone server owns the folder; a second one is refused.
        case exclusive
    }

    /// Whether writes need a signed-in session (`Authorization: Bearer`, from `POST /sessions`).
    public enum SignInPolicy: String, Sendable, CaseIterable {
        /// Every write needs an open session; reads do not (the demo's default).
        case required
        /// Anyone may write (tests and replayed docs that are not about sign-in).
        case open
    }

    /// A way the next responses' bodies go wrong.
    public enum BodyFault: String, Sendable, CaseIterable {
        /// The body is cut-off JSON.
        case malformed
        /// The connection closes halfway through the body.
        case dropped
        /// The body arrives a byte per `trickleInterval`: it never goes idle, and takes minutes.
        case trickled
    }

    /// A way the live sockets go wrong.
    public enum LiveFault: String, Sendable, CaseIterable {
        /// Every open socket closes.
        case drop
        /// Every open socket gets a message that is not an event.
        case malformed
    }

    let core: BackendCore
    /// The checks before any route: host, origin and the admin token.
    let gate: RequestGate
    /// The token `/_admin/…` asks for (`Authorization: Bearer`).
    public nonisolated var adminToken: String { gate.adminToken }
    private var serverTask: Task<Void, any Error>?
    /// The listening socket's channel while the server runs.
    private var listener: (any Channel)?
    /// The running server's connections.
    nonisolated let connections = OpenConnections()
    private var port: UInt16
    /// This server in the ledger of ports, which keeps its port while it is stopped (``stop()``),
    /// so that it can start again on it.
    private let ledgerMark = PortLedger.shared.newOwner()
    private let temporaryFolder: URL?
    private let logger: Logger

    /// Opens the data in `data` (a new temporary folder, removed with the server, when nil) and
    /// creates a stopped server serving `collections`; `port` 0 picks a free port at the first
    /// ``start()``.
    public init(
        data: URL? = nil, sharing: Sharing = .shared, port: UInt16 = 0,
        collections: [CollectionSpec] = DemoSeed.collections,
        now: @escaping @Sendable () -> Date = { Date() }, validators: ValidatorStyle = .readable,
        signIn: SignInPolicy = .required, adminToken: String? = nil, sessionLifetime: TimeInterval = 30 * 86_400,
        logger: Logger = Logger(label: "strata.demo-backend")
    ) throws(DemoBackendError) {
        gate = RequestGate(adminToken: adminToken ?? RequestGate.newToken())
        let folder = data ?? FileManager.default.temporaryDirectory.appendingPathComponent("strata-server-\(UUID())")
        temporaryFolder = data == nil ? folder : nil
        let database = try ServerDatabase(folder: folder, sharing: sharing)
        do {
            // Embedded servers on one folder tell each other's live sockets about their writes (a
            // temporary folder has no other server).
            let signals = sharing == .shared && data != nil ? folder.appendingPathComponent("signals") : nil
            core = try BackendCore(
                database: database, collections: collections, style: validators, signIn: signIn,
                sessionLifetime: sessionLifetime, signals: signals,
                logger: logger, now: now)
        } catch {
            throw .dataFolder("cannot prepare the server database in '\(folder.path)': \(error)")
        }
        self.port = port
        self.logger = logger
    }

    deinit {
        serverTask?.cancel()
        PortLedger.shared.retire(ledgerMark, port: port)
        if let temporaryFolder { try? FileManager.default.removeItem(at: temporaryFolder) }
    }

    /// The base URL, such as `http://127.0.0.1:53412`, once started.
    public var baseURL: URL? {
        port == 0 ? nil : URL(string: "http://127.0.0.1:\(port)")
    }

    /// Starts listening (again, on the same port after ``stop()``); returns the base URL.
    @discardableResult
    public func start() async throws -> URL {
        if let baseURL, serverTask != nil { return baseURL }
        let picking = port == 0
        for _ in 0..<20 {
            let url = try await listen()
            // A new server never takes a port an earlier one of this process had (tests start and
            // stop many): it holds the port for that server and picks another.
            if PortLedger.shared.give(port, to: ledgerMark, picked: picking) { return url }
            await stop()
            port = 0
        }
        throw DemoBackendError.noPort
    }

    /// Listens on `port` (0: any free one) and records the port it got.
    private func listen() async throws -> URL {
        let asked = port
        PortLedger.shared.release(asked, for: ledgerMark)
        defer { PortLedger.shared.settle(asked, for: ledgerMark) }
        let (bound, binding) = AsyncStream.makeStream(of: (any Channel).self)
        let application = Application(
            responder: BackendRouter(core: core, admin: AdminRoutes(core: core), gate: gate, logger: logger),
            server: Self.server(
                live: LiveSocket(feed: core.live), gate: gate, controls: core.controls, connections: connections),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: Int(port))),
            onServerRunning: { channel in
                binding.yield(channel)
                binding.finish()
            },
            logger: Logger(label: "strata.demo-backend.http", factory: { _ in SwiftLogNoOpLogHandler() }))
        let task = Task {
            defer { binding.finish() }
            try await application.run()
        }
        var channel: (any Channel)?
        for await running in bound { channel = running }
        guard let channel, let listening = channel.localAddress?.port, listening > 0,
            let boundPort = UInt16(exactly: listening)
        else {
            task.cancel()
            PortLedger.shared.hold(asked)  // kept for the next try, as while the server was down
            do {
                try await task.value  // the reason it did not listen
            } catch let error as IOError where error.errnoCode == EADDRINUSE && asked != 0 {
                throw DemoBackendError.portTaken(asked)
            }
            throw DemoBackendError.noPort
        }
        serverTask = task
        listener = channel
        port = boundPort
        gate.port.withLock { $0 = listening }
        guard let baseURL else { throw DemoBackendError.noPort }
        core.address.withLock { $0 = baseURL }
        return baseURL
    }

    /// Stops listening and closes every connection: clients see "connection refused".
    ///
    /// The port stays the server's until it starts again. A request under way gets a moment to be
    /// answered; then the connections still open are closed, since one with no request (a client
    /// pool's spare) would never end on its own.
    public func stop() async {
        core.live.dropAll()  // a live socket never ends on its own
        guard let task = serverTask else { return }
        // The listener closes first, then the connections drain (up to the grace): the port is
        // held as soon as nobody listens on it, since any socket the kernel hands out meanwhile,
        // in this process or another, could be given it. A callback, not a wait: the stop goes
        // on to the grace whatever the listener does.
        let port = port
        listener?.closeFuture.whenComplete { _ in PortLedger.shared.hold(port) }
        listener = nil
        task.cancel()
        let connections = connections
        await withTaskGroup(of: Void.self) { group in
            group.addTask { _ = try? await task.value }
            group.addTask {
                try? await Task.sleep(for: Self.stopGrace)
                guard !Task.isCancelled else { return }
                // Held before any connection ends, also when the listener's callback is late.
                PortLedger.shared.hold(port)
                connections.closeAll()
            }
            await group.next()
            group.cancelAll()  // the group still waits for the server task to end
        }
        serverTask = nil
        // Clients and other processes asking the kernel for a free port (the shells' embedded
        // servers) would otherwise be given this one while it is down.
        PortLedger.shared.hold(port)
    }

    /// How long a stop lets the requests under way finish before it closes their connections.
    static let stopGrace = Duration.milliseconds(250)

    /// The devices' push registrations, by token.
    public func registeredDevices() -> [RegisteredDevice] { core.devices.all() }

    /// What the server is doing.
    public func status() -> DemoBackendStatus {
        core.status(running: serverTask != nil, baseURL: baseURL)
    }

    /// Answers the next `count` requests (to `path` or under it, when given) with `status` (and
    /// `Retry-After` when given).
    public func injectStatus(_ status: Int, count: Int = 1, retryAfter: String? = nil, path: RequestPath? = nil) {
        core.controls.add(BackendControls.StatusFault(status: status, retryAfter: retryAfter), count: count, path: path)
    }

    /// Adds this much latency to every request.
    public func setLatency(milliseconds: Int) {
        core.controls.setLatency(milliseconds: milliseconds)
    }

    /// Spoils the body of the next `count` responses (to requests to `path` or under it, when
    /// given).
    public func inject(_ fault: BodyFault, count: Int = 1, path: RequestPath? = nil) {
        core.controls.add(fault, count: count, path: path)
    }

    /// Sends a malformed JSON body for the next `count` requests.
    public func injectMalformed(count: Int = 1) { inject(.malformed, count: count) }

    /// Closes the connection halfway through the body of the next `count` responses.
    public func injectDroppedConnection(count: Int = 1) { inject(.dropped, count: count) }

    /// Clears every pending fault and the latency; the data stays.
    public func clearFaults() { core.controls.clearFaults() }

    /// Clears every fault and counter and restores the sample data, as a server that lost its
    /// data: change numbers start over, ids keep growing.
    public func reset() throws(DemoBackendError) {
        do {
            try core.reset()
        } catch {
            throw .storage("cannot reset the server data: \(error)")
        }
    }

    /// How many requests reached a route such as `GET /documents/:id`.
    public func requestCount(_ route: String? = nil) -> Int {
        let counters = core.controls.snapshot().counters
        return route.map { counters.byRoute[$0] ?? 0 } ?? counters.requests
    }
}

/// Why the demo server could not start or do what it was asked.
public enum DemoBackendError: Error, Equatable, CustomStringConvertible {
    /// The socket has no port after binding.
    case noPort
    /// The data folder or its database cannot be used; the message says why.
    case dataFolder(String)
    /// The database failed during an operation.
    case storage(String)
    /// A server in another process could not be reached or sent something unreadable.
    case remote(String)
    /// A server in another process refused a control request: its status and message.
    case rejected(Int, String)
    /// Another program listens on the port the server asked for.
    case portTaken(UInt16)

    public var description: String {
        switch self {
        case .noPort: "the server socket has no port"
        case .dataFolder(let message), .storage(let message), .remote(let message): message
        case .rejected(let status, let message): "the server refused (\(status)): \(message)"
        case .portTaken(let port): "port \(port) of 127.0.0.1 is taken by another program"
        }
    }
}
