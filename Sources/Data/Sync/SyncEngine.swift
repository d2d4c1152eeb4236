public import Domain
import Foundation
import GRDB
import Logging
import Synchronization

/// The one offline-first engine every collection syncs through: documents and every generated
/// feature alike. The production ``SyncRepositoryProtocol``.
///
/// It sends the one outbox in batches, pulls each collection's change list, decides conflicts by
/// each collection's policy and keeps the counts the prompt shows. An actor, so one push runs at a
/// time whoever asks for it; each collection's ``FeatureStore`` registers itself and does the
/// parts that know its types.
public actor SyncEngine: SyncRepositoryProtocol {
    let outbox: Outbox
    let monitor: NetworkMonitor
    let now: @Sendable () -> Date
    /// Changes per page when pulling.
    let pageSize: Int
    /// The most changes one batch carries.
    let batchSize: Int
    /// About the most bytes of JSON one batch carries (ADR 0040).
    let batchBytes: Int
    let logger = Logger(label: "strata.data.sync")
    /// The registered collections, by name.
    private let registered = Mutex<[String: any SyncedCollection]>([:])
    /// Whether a push is running: the actor lets another caller in at each `await`, and two
    /// pushes would read and send the same changes, so the second waits for the first.
    private var pushing = false
    /// Pushes waiting for the running one, first come first served; each is told whether it got
    /// its turn (false: its task was cancelled while it waited).
    private var waitingPushes: [(id: UUID, turn: CheckedContinuation<Bool, Never>)] = []

    /// The engine over the app's database; collections register as their stores are made.
    init(
        database: AppDatabase, monitor: NetworkMonitor, now: @escaping @Sendable () -> Date, pageSize: Int,
        batchSize: Int, batchBytes: Int
    ) {
        outbox = Outbox(database: database)
        self.monitor = monitor
        self.now = now
        self.pageSize = pageSize
        self.batchSize = batchSize
        self.batchBytes = batchBytes
    }

    deinit {
        logger.debug("deinit SyncEngine")
    }

    /// Pushes, then pulls every collection (a sync that gets this far also answers a recovery of
    /// the server).
    public func sync(progress: @escaping @Sendable (SyncProgress) -> Void) async throws(SyncError) -> SyncReport {
        var report = SyncReport()
        try await push(into: &report, progress: progress)
        _ = monitor.takeRecovery()
        try await pull(into: &report, progress: progress)
        try store { () throws(StorageError) in
            try outbox.database.write { db in
                try SyncValueRecord.set(.lastSyncAt, String(now().timeIntervalSince1970), db)
            }
        }
        return report
    }

    /// Pushes only: every queued change, in batches, with no pull after it.
    public func push() async throws(SyncError) -> SyncReport {
        var report = SyncReport()
        try await push(into: &report)
        return report
    }

    /// Pulls only.
    public func pull() async throws(SyncError) -> SyncReport {
        var report = SyncReport()
        try await pull(into: &report)
        return report
    }

    /// Whether the pull brings the changes of `collection` (every collection this device holds).
    public nonisolated func pulls(_ collection: String) -> Bool {
        registered.withLock { $0[collection] != nil }
    }

    /// Syncs when the server answered again since it last could not be reached and changes wait
    /// (the monitor remembers the recovery until this takes it).
    public func resumeIfNeeded() async -> Result<SyncReport, SyncError>? {
        guard monitor.takeRecovery(), monitor.status == .online, pendingCount() > 0 else {
            return nil
        }
        return await Result.catching { () async throws(SyncError) in try await sync(progress: { _ in }) }
    }

    /// Sends what is queued unless the last request found the server unreachable; failures
    /// leave the changes queued (the caller already told the user they are saved).
    public func pushIfReachable() async {
        guard monitor.status != .offline else { return }
        var report = SyncReport()
        do {
            try await push(into: &report)
        } catch {
            logger.info("changes stay queued: \(error)")
        }
    }

    /// Counts, the change numbers reached and the network status.
    public func status() async -> SyncStatus {
        let counts = (try? self.counts()) ?? (pending: 0, parked: 0, conflicts: 0)
        let stored = try? outbox.database.read { db in try SyncValueRecord.value(.lastSyncAt, db) }
        let lastSync = (stored ?? nil).flatMap { Double($0) }.map { Date(timeIntervalSince1970: $0) }
        return SyncStatus(
            pending: counts.pending, parked: counts.parked, conflicts: counts.conflicts, lastSyncAt: lastSync,
            serverVersion: pulledVersion(), network: monitor.status)
    }

    /// Every queued change, of every collection, oldest first.
    ///
    /// A change to a collection this version of the app does not have (a feature taken out, or
    /// added by a newer version) shows as parked, with why: nothing here sends it. It is kept as
    /// it is for a version that has the collection, and may be discarded.
    public func outbox() async throws(SyncError) -> [QueuedChange] {
        try store { () throws(StorageError) in
            try outbox.entries().map { entry in
                guard collection(entry.collection) == nil else { return entry.queued }
                var shown = entry
                (shown.state, shown.lastError) = (
                    .parked, SyncError.collectionNotInThisVersion(entry.collection).errorDescription
                )
                return shown.queued
            }
        }
    }

    /// Requeues a parked change (or one in conflict, over the server's version the user saw) and
    /// tries to send it.
    ///
    /// A pending change keeps its idempotency key: its last attempt may have reached the server, so
    /// a resend must be recognised as one.
    public func retry(entryId: Int) async throws(SyncError) {
        let entry = try stored(entryId)
        guard let collection = collection(entry.collection) else {
            throw .collectionNotInThisVersion(entry.collection)
        }
        switch entry.state {
        case .pending: break
        case .parked: try store { () throws(StorageError) in try outbox.requeue(entryId, rebasedOn: nil, body: nil) }
        case .conflict: try await collection.keepLocal(entry)
        }
        await pushIfReachable()
    }

    /// Drops a parked change (or one in conflict, or any change to a collection this version of
    /// the app does not have) with the item's other unsent changes; the item is the server's
    /// version again: the one a conflict kept, or read anew when next shown.
    public func discard(entryId: Int) async throws(SyncError) {
        let entry = try stored(entryId)
        guard entry.state != .pending || collection(entry.collection) == nil else { throw .notParked(entryId) }
        try store { () throws(StorageError) in
            if let collection = collection(entry.collection) {
                try collection.discardChanges(of: entry)
            } else {
                // A collection this build does not have: its changes go; it has no rows here.
                try outbox.database.write { db in try Outbox.forget(entry.item, db) }
            }
        }
    }

    /// Makes `sender` the one that sends, pulls and settles the changes of its collection.
    nonisolated func register(_ collection: any SyncedCollection) {
        registered.withLock { $0[collection.collection] = collection }
    }

    /// The registered collection named `name`.
    nonisolated func collection(_ name: String) -> (any SyncedCollection)? {
        registered.withLock { $0[name] }
    }

    /// Every registered collection, by name.
    nonisolated var collections: [any SyncedCollection] {
        registered.withLock { $0.sorted { $0.key < $1.key }.map(\.value) }
    }

    /// Changes waiting to be sent.
    func pendingCount() -> Int {
        (try? counts().pending) ?? 0
    }

    /// How many changes wait, how many the server refused, and how many wait for the user.
    ///
    /// A change to a collection this version of the app does not have counts as parked, whatever
    /// its state, as ``outbox()`` shows it: nothing here sends it or settles it.
    private func counts() throws(StorageError) -> (pending: Int, parked: Int, conflicts: Int) {
        let rows = try outbox.database.read { db in
            try Row.fetchAll(db, sql: "SELECT state, collection, COUNT(*) AS n FROM outbox GROUP BY state, collection")
        }
        var counts = (pending: 0, parked: 0, conflicts: 0)
        for row in rows {
            let number = (try? row.decode(Int.self, forColumn: "n")) ?? 0
            let state = OutboxEntry.State(rawValue: (try? row.decode(String.self, forColumn: "state")) ?? "")
            let sent = collection((try? row.decode(String.self, forColumn: "collection")) ?? "") != nil
            switch sent ? state : .parked {
            case .pending: counts.pending += number
            case .conflict: counts.conflicts += number
            case .parked, nil: counts.parked += number
            }
        }
        return counts
    }

    /// The change numbers every collection's pull reached, added up (at most `Int.max`: the numbers
    /// come from servers and from the database, and an overflow would trap).
    nonisolated func pulledVersion() -> Int {
        collections.reduce(0) { sum, collection in
            let (added, overflow) = sum.addingReportingOverflow(max(0, collection.pulledVersion()))
            return overflow ? Int.max : added
        }
    }

    /// Waits until no other push runs, then takes the turn (``endPush()`` hands it on).
    ///
    /// Returns false, holding no turn, when the task is cancelled while it waits: Ctrl-C stops a
    /// push that waits behind a background one at once.
    func beginPush() async -> Bool {
        guard pushing else {
            pushing = true
            return true
        }
        let id = UUID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { turn in
                if Task.isCancelled {
                    turn.resume(returning: false)
                } else {
                    waitingPushes.append((id, turn))
                }
            }
        } onCancel: {
            Task { await self.stopWaiting(id) }
        }
    }

    /// How many pushes wait for the running one.
    var waitingPushCount: Int { waitingPushes.count }

    /// Ends the running push and hands the turn to the oldest waiting one.
    func endPush() {
        if waitingPushes.isEmpty {
            pushing = false
        } else {
            waitingPushes.removeFirst().turn.resume(returning: true)
        }
    }

    /// Runs a storage operation, mapping its failure.
    func store<Value>(_ operation: () throws(StorageError) -> Value) throws(SyncError) -> Value {
        do {
            return try operation()
        } catch {
            logger.error("sync storage failure: \(error)")
            throw .storageFailure
        }
    }
}

// MARK: - Private

extension SyncEngine {
    /// A waiting push whose task was cancelled leaves the queue (unless its turn came first).
    private func stopWaiting(_ id: UUID) {
        guard let index = waitingPushes.firstIndex(where: { $0.id == id }) else { return }
        waitingPushes.remove(at: index).turn.resume(returning: false)
    }

    /// The change numbered `seq`, or the error that names it unknown.
    func stored(_ seq: Int) throws(SyncError) -> Outbox.Entry {
        guard let entry = try store({ () throws(StorageError) in try outbox.entry(seq) }) else {
            throw .noSuchEntry(seq)
        }
        return entry
    }
}
