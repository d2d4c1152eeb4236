import Foundation
import GRDB
import Logging
import Synchronization

/// Everything the server is apart from its socket: the store, the routes and the controls.
///
/// ``DemoBackend`` (in process) and the admin routes (over HTTP) both drive it.
final class BackendCore: Sendable {
    let database: ServerDatabase
    let store: ResourceStore
    let controls = BackendControls()
    let resources: ResourceRoutes
    let batch: BatchRoute
    /// Sign-in, and the check that writes carry a session.
    let sessions: SessionRoutes
    /// Push tokens the devices registered.
    let devices: DeviceRoutes
    /// Files attached to documents.
    let attachments: AttachmentRoutes
    /// Every change, as it commits, for the live sockets.
    let live: LiveFeed
    /// Where the server listens, once it does (the admin status reports it).
    let address = Mutex<URL?>(nil)

    /// Every collection served.
    let collections: [CollectionSpec]

    init(
        database: ServerDatabase, collections: [CollectionSpec], style: DemoBackend.ValidatorStyle,
        signIn: DemoBackend.SignInPolicy, sessionLifetime: TimeInterval, signals: URL?, logger: Logger,
        now: @escaping @Sendable () -> Date
    ) throws {
        self.database = database
        self.collections = collections
        let store = try ResourceStore(database: database, collections: collections, style: style, now: now)
        let idempotency = IdempotencyStore(now: now)
        try store.writing { transaction in
            try store.seedIfNew(transaction)
            try idempotency.prune(transaction.db)
            try SessionStore(now: now, lifetime: sessionLifetime).removeExpired(transaction.db)
        }
        self.store = store
        let sessions = SessionRoutes(
            store: SessionStore(now: now, lifetime: sessionLifetime), database: database, policy: signIn,
            limiter: SignInLimiter(attempts: 5, addressAttempts: 30, window: 60, now: now))
        self.sessions = sessions
        resources = ResourceRoutes(store: store, idempotency: idempotency, gate: sessions.refusal)
        batch = BatchRoute(resources: resources, gate: sessions.refusal)
        devices = DeviceRoutes(database: database, now: now)
        let files = AttachmentStore(database: database, now: now)
        try files.prepare()
        attachments = AttachmentRoutes(store: files, idempotency: idempotency, gate: sessions.refusal)
        live = LiveFeed(database: database, collections: collections.map(\.name), signals: signals, logger: logger)
    }

    /// The counters, faults and how many resources each collection holds.
    func status(running: Bool, baseURL: URL?) -> DemoBackendStatus {
        let (faults, counters) = controls.snapshot()
        let sizes =
            (try? database.pool.read { db in
                try Dictionary(
                    collections.map { ($0.name, try store.count($0.name, db)) }, uniquingKeysWith: { first, _ in first }
                )
            }) ?? [:]
        return DemoBackendStatus(
            isRunning: running, baseURL: baseURL, requests: counters.requests, requestsByRoute: counters.byRoute,
            pendingStatusFaults: faults.statuses.count, pendingMalformed: faults.bodies.count(of: .malformed),
            pendingDropped: faults.bodies.count(of: .dropped), pendingTrickled: faults.bodies.count(of: .trickled),
            latencyMilliseconds: faults.latencyMilliseconds, documents: sizes["documents"] ?? 0,
            liveConnections: live.subscriberCount, devices: devices.count())
    }

    /// Ends every session: their tokens are refused from now on.
    func endSessions() throws {
        try database.pool.write { db in try db.execute(sql: "DELETE FROM session") }
    }

    /// Clears faults and counters and restores the sample data (ids keep growing).
    func reset() throws {
        controls.reset()
        try store.writing { transaction in
            try store.reset(transaction)
            try attachments.store.removeAll(transaction.db)
        }
        live.restart()
    }

    /// Breaks the live sockets as `fault` says.
    func injectLiveFault(_ fault: DemoBackend.LiveFault) {
        switch fault {
        case .drop: live.dropAll()
        case .malformed: live.sendRaw(#"{"type":"change","collection":"documents","id":"#)
        }
    }

    /// Makes `count` changes to the documents, one transaction each, as many devices editing at
    /// once would; returns the documents' change number after the last.
    func burst(_ count: Int) throws -> Int {
        guard let spec = store.collections["documents"] else { return 0 }
        let ids = try database.pool.read { db in
            try Int.fetchAll(
                db, sql: "SELECT id FROM resource WHERE collection = 'documents' AND deleted = 0 ORDER BY id")
        }
        guard !ids.isEmpty else { return 0 }
        for number in 0..<count {
            _ = try store.writing { transaction in
                try store.update(
                    spec, id: ids[number % ids.count], changes: ["body": .string("Burst change \(number + 1)")],
                    ifMatch: nil, transaction)
            }
        }
        return try database.pool.read { db in
            try Int.fetchOne(db, sql: "SELECT MAX(changed_at) FROM resource WHERE collection = 'documents'") ?? 0
        }
    }

    /// Changes a resource as another device would, without a precondition; the refusal (404 for
    /// a resource that does not exist, 422 for a change the rules refuse) if it fails.
    func edit(_ collection: String, id: Int, changes: [String: JSONValue]) throws -> ResourceStore.Refusal? {
        guard let spec = store.collections[collection] else {
            return ResourceStore.Refusal(status: 404, message: "no collection \(collection)")
        }
        return try store.writing { transaction in
            switch try store.update(spec, id: id, changes: changes, ifMatch: nil, transaction) {
            case .success: nil
            case .failure(let refusal): refusal
            }
        }
    }
}
