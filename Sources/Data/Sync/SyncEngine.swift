public import Domain
public import Foundation
import Logging

/// Sends the outbox in order and pulls the server's changes: the production
/// ``SyncRepositoryProtocol``. An actor, so one push runs at a time whoever asks for it.
public actor SyncEngine: SyncRepositoryProtocol {
    let outbox: OutboxStore
    let writer: any DocumentWriterProtocol
    let documents: any CachedReading<Document.ID, Document>
    let lists: any CachedReading<DocumentListQuery, [DocumentSummary]>
    let monitor: NetworkMonitor
    let now: @Sendable () -> Date
    let pageSize: Int
    /// The most outbox entries sent in one batch.
    let batchSize: Int
    /// About the most bytes of JSON one batch carries (ADR 0040: FoundationNetworking busy-waits
    /// for the answer to a larger body).
    let batchBytes: Int
    /// The features' queued changes (generated features), sent after the documents'.
    let resources: ResourcePusher?
    let logger = Logger(label: "strata.data.sync")
    /// Whether a push is running: the actor lets another caller in at each `await`, and two
    /// pushes would read and send the same entries, so the second waits for the first.
    private var pushing = false
    /// Pushes waiting for the running one, first come first served; each is told whether it got
    /// its turn (false: its task was cancelled while it waited).
    private var waitingPushes: [(id: UUID, turn: CheckedContinuation<Bool, Never>)] = []

    /// Creates the engine over the outbox, the server writer and the caches it refreshes.
    public init(
        outbox: OutboxStore, writer: any DocumentWriterProtocol, documents: any CachedReading<Document.ID, Document>,
        lists: any CachedReading<DocumentListQuery, [DocumentSummary]>, monitor: NetworkMonitor,
        now: @escaping @Sendable () -> Date, pageSize: Int = 2_000, batchSize: Int = 500, batchBytes: Int = 60 * 1_024,
        resources: ResourcePusher? = nil
    ) {
        self.outbox = outbox
        self.writer = writer
        self.documents = documents
        self.lists = lists
        self.monitor = monitor
        self.now = now
        self.pageSize = pageSize
        self.batchSize = batchSize
        self.batchBytes = batchBytes
        self.resources = resources
    }

    deinit {
        logger.debug("deinit SyncEngine")
    }

    /// Pushes, then pulls (a sync that gets this far also answers a recovery of the server).
    public func sync(progress: @escaping @Sendable (SyncProgress) -> Void) async throws(SyncError) -> SyncReport {
        var report = SyncReport()
        try await push(into: &report, progress: progress)
        _ = monitor.takeRecovery()
        try await pull(into: &report, progress: progress)
        try store { () throws(StorageError) in
            try outbox.setValue(String(now().timeIntervalSince1970), for: .lastSyncAt)
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

    /// Whether the pull brings the changes of `collection` (documents, and every feature this
    /// device holds).
    public nonisolated func pulls(_ collection: String) -> Bool {
        collection == QueuedChange.documents || resources?.holds(collection) == true
    }

    /// Catches up with the changes the live socket announced: counts those this device already
    /// holds as applied (its own, settled), and pulls only when others remain.
    ///
    /// A running push is waited for first: its answers are what make this device's own changes
    /// held, and pulling them back while it runs would fetch and write every one of them again.
    public func catchUp(announced: [AnnouncedChange]) async throws(SyncError) -> SyncReport {
        guard await beginPush() else { throw .cancelled }
        endPush()
        var report = SyncReport()
        let reached = try store { () throws(StorageError) in try outbox.skipHeld(announced) }
        report.serverVersion = reached
        if let last = announced.last?.serverVersion, reached >= last { return report }
        try await pull(into: &report)
        return report
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

    /// Counts, versions and the network status.
    public func status() async -> SyncStatus {
        let counts = (try? outbox.counts()) ?? (pending: 0, parked: 0, conflicts: 0)
        let features = resources?.counts() ?? (pending: 0, parked: 0, conflicts: 0)
        let lastSync = (try? outbox.value(.lastSyncAt)).flatMap { $0.flatMap(Double.init) }
        return SyncStatus(
            pending: counts.pending + features.pending, parked: counts.parked + features.parked,
            conflicts: counts.conflicts + features.conflicts,
            lastSyncAt: lastSync.map(Date.init(timeIntervalSince1970:)), serverVersion: storedServerVersion(),
            network: monitor.status)
    }

    /// Every queued change, the documents' and the features', oldest first.
    public func outbox() async throws(SyncError) -> [QueuedChange] {
        let documents = try store { () throws(StorageError) in try outbox.entries().map { QueuedChange($0.entry) } }
        let features = try store { () throws(StorageError) in try resources?.queued() ?? [] }
        return (documents + features).sorted { $0.id < $1.id }
    }

    /// Requeues a parked entry and tries to send it.
    ///
    /// A pending entry keeps its idempotency key: its last attempt may have reached the server, so
    /// a resend must be recognised as one.
    public func retry(entryId: Int) async throws(SyncError) {
        if let stored = try store({ () throws(StorageError) in try outbox.entry(entryId) }) {
            if stored.entry.state != .pending {
                try store { () throws(StorageError) in
                    try outbox.requeue(stored.entry.id, rebasedOn: nil, replacing: nil)
                }
            }
        } else if try !(resources?.requeue(entryId) ?? false) {
            throw .noSuchEntry(entryId)
        }
        await pushIfReachable()
    }

    /// Drops a parked change with the item's other unsent changes; the item is the server's
    /// version again (read anew when next shown).
    public func discard(entryId: Int) async throws(SyncError) {
        if let stored = try store({ () throws(StorageError) in try outbox.entry(entryId) }) {
            guard stored.entry.state == .parked else { throw .notParked(entryId) }
            try await keepServerVersion(of: stored.entry.documentId, remote: nil)
        } else if try !(resources?.discard(entryId) ?? false) {
            throw .noSuchEntry(entryId)
        }
    }

    /// The conflicts waiting for the user.
    public func conflicts() async throws(SyncError) -> [DocumentConflict] {
        let entries = try store { () throws(StorageError) in try outbox.entries() }
        var found: [DocumentConflict] = []
        for stored in entries where stored.entry.state == .conflict {
            let id = stored.entry.documentId
            guard let local = try store({ () throws(StorageError) in try outbox.pendingDocument(id) }) else { continue }
            found.append(
                DocumentConflict(entryId: stored.entry.id, documentId: id, local: local.document, remote: stored.remote)
            )
        }
        return found
    }

    /// The conflicts of features' items waiting for the user, oldest first.
    public func itemConflicts() async throws(SyncError) -> [ItemConflict] {
        try resources?.conflicts() ?? []
    }

    /// Keeps one side of a feature item's conflict; features offer no merge.
    ///
    /// The local version is sent over the server's version the user saw; keeping the server's
    /// drops the item's unsent changes.
    public func resolveItem(entryId: Int, keeping resolution: ConflictResolution) async throws(SyncError) {
        guard let conflict = try await itemConflicts().first(where: { $0.entryId == entryId }) else {
            let known = try await outbox().contains { $0.id == entryId }
            throw known ? .notInConflict(entryId) : .noSuchEntry(entryId)
        }
        switch resolution {
        case .local: try await retry(entryId: entryId)
        case .remote: try await discard(entryId: entryId)
        case .merged:
            throw .invalidMerge("items of \(conflict.collection) have no merge; keep local or remote")
        }
    }

    /// The policy for document conflicts (stored, so it survives relaunches).
    public func conflictPolicy() async -> ConflictPolicy {
        (try? outbox.value(.conflictPolicy)).flatMap { $0.flatMap(ConflictPolicy.init(rawValue:)) } ?? .manual
    }

    /// Changes the policy for document conflicts.
    public func setConflictPolicy(_ policy: ConflictPolicy) async {
        try? outbox.setValue(policy.rawValue, for: .conflictPolicy)
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

    /// A waiting push whose task was cancelled leaves the queue (unless its turn came first).
    private func stopWaiting(_ id: UUID) {
        guard let index = waitingPushes.firstIndex(where: { $0.id == id }) else { return }
        waitingPushes.remove(at: index).turn.resume(returning: false)
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

    func storedServerVersion() -> Int {
        (try? outbox.value(.serverVersion)).flatMap { $0.flatMap(Int.init) } ?? 0
    }
}
