import Domain
import Foundation
import Synchronization

/// One feature's store, as the stack reaches it without its types: it sends the feature's
/// changes, and its memory tier answers a memory warning and `cache stats`.
protocol ResourceSending: Sendable {
    /// Sends `entry` and settles it on this device; throws what the server or network said.
    func send(_ entry: ResourceOutbox.Entry) async throws(RemoteError)
    /// Brings the server's changes to the feature's items since the last pull; returns how many
    /// items were changed and deleted.
    func pull(pageSize: Int) async throws(SyncError) -> (pulled: Int, deleted: Int)
    /// Drops every unsent change to `entry`'s item and its copy on this device, so the next read
    /// brings the server's version.
    func discardChanges(of entry: ResourceOutbox.Entry) throws(StorageError)
    /// Both versions of the item whose change `entry` is in conflict.
    func conflict(of entry: ResourceOutbox.Entry) throws(StorageError) -> ItemConflict
    /// Empties the feature's memory tier; returns the bytes it held.
    @discardableResult func evacuateMemory() -> Int
    /// The feature's cache figures.
    func statistics() async -> DataSourceStatistics
}

/// Sends the features' queued changes, oldest first, each through its feature's store; part of
/// every push of the ``SyncEngine``.
public final class ResourcePusher: Sendable {
    let outbox: ResourceOutbox
    private let senders = Mutex<[String: any ResourceSending]>([:])

    init(database: AppDatabase) {
        outbox = ResourceOutbox(database: database)
    }

    /// Whether a feature of `collection` is registered here.
    func holds(_ collection: String) -> Bool {
        senders.withLock { $0[collection] != nil }
    }

    /// Makes `sender` the one that sends the changes of `collection`.
    func register(_ collection: String, _ sender: any ResourceSending) {
        senders.withLock { $0[collection] = sender }
    }

    /// Empties the memory tier of every registered feature.
    @discardableResult
    func evacuateMemory() -> Int {
        senders.withLock({ Array($0.values) }).reduce(0) { $0 + $1.evacuateMemory() }
    }

    /// The cache figures of every registered feature, summed.
    func statistics() async -> DataSourceStatistics {
        var total = DataSourceStatistics()
        for sender in senders.withLock({ Array($0.values) }) { total = total + (await sender.statistics()) }
        return total
    }

    /// Every queued change of the features, oldest first.
    func queued() throws(StorageError) -> [QueuedChange] {
        try outbox.entries().map { entry in
            QueuedChange(
                id: entry.seq ?? 0, collection: entry.collection, itemId: entry.itemId,
                operation: OutboxEntry.Operation(rawValue: entry.operation.rawValue) ?? .update,
                state: OutboxEntry.State(rawValue: entry.state.rawValue) ?? .parked, attempts: entry.attempts,
                lastError: entry.lastError, createdAt: entry.createdAt)
        }
    }

    /// The changes in conflict of every registered feature, oldest first.
    func conflicts() throws(SyncError) -> [ItemConflict] {
        do {
            return try outbox.entries().filter { $0.state == .conflict }.compactMap { entry throws(StorageError) in
                try senders.withLock({ $0[entry.collection] })?.conflict(of: entry)
            }
        } catch {
            throw .storageFailure
        }
    }

    /// Drops a parked change (or one in conflict) with its item's other changes; `false`
    /// when no feature's change has this number.
    func discard(_ seq: Int) throws(SyncError) -> Bool {
        guard let entry = try stored(seq) else { return false }
        guard entry.state != .pending else { throw .notParked(seq) }
        do {
            if let sender = senders.withLock({ $0[entry.collection] }) {
                try sender.discardChanges(of: entry)
            } else {
                // A feature this build does not have: its queued changes go, it has no rows here.
                try outbox.database.write { db in
                    try ResourceOutbox.forget(entry.collection, itemID: entry.itemId, db)
                }
            }
        } catch {
            throw .storageFailure
        }
        return true
    }

    /// Queues a parked change again; `false` when no feature's change has this number.
    func requeue(_ seq: Int) throws(SyncError) -> Bool {
        guard let entry = try stored(seq) else { return false }
        if entry.state != .pending {
            do { try outbox.requeue(entry) } catch { throw .storageFailure }
        }
        return true
    }

    private func stored(_ seq: Int) throws(SyncError) -> ResourceOutbox.Entry? {
        do { return try outbox.entry(seq) } catch { throw .storageFailure }
    }

    /// Pulls every registered feature's changes, one collection after another.
    func pull(pageSize: Int, into report: inout SyncReport) async throws(SyncError) {
        let features = senders.withLock { $0.sorted { $0.key < $1.key }.map(\.value) }
        for feature in features {
            do {
                let pulled = try await feature.pull(pageSize: pageSize)
                report.pulled += pulled.pulled
                report.deleted += pulled.deleted
            } catch .offline {
                throw .offline(pending: counts().pending)
            }
        }
    }

    /// How many changes wait, how many the server refused, and how many wait for the user.
    func counts() -> (pending: Int, parked: Int, conflicts: Int) {
        (try? outbox.counts()) ?? (0, 0, 0)
    }

    /// Sends every pending change whose feature is registered; returns how many the server took.
    ///
    /// A change the server refuses for good is parked (kept, with the reason) and the rest go on;
    /// when the server cannot be reached the change stays queued and the push stops.
    func push() async throws(SyncError) -> Int {
        var sent = 0
        var skipped = Set<Int>()
        while true {
            if Task.isCancelled { throw .cancelled }
            let entries: [ResourceOutbox.Entry]
            do {
                // Changes to an item with one in conflict wait behind it, in order.
                let held = try outbox.itemsInConflict()
                entries = try outbox.pending(limit: skipped.count + 100).filter {
                    !skipped.contains($0.seq ?? 0) && !held.contains("\($0.collection)/\($0.itemId)")
                }
            } catch {
                throw .storageFailure
            }
            guard let entry = entries.first, let seq = entry.seq else { return sent }
            guard let sender = senders.withLock({ $0[entry.collection] }) else {
                skipped.insert(seq)  // a feature this build does not have: kept for one that does
                continue
            }
            do {
                try await sender.send(entry)
                sent += 1
            } catch {
                if error == .cancelled { throw .cancelled }
                // The item changed on the server and its policy asks the user.
                if error == .conflict {
                    try? outbox.markConflict(entry)
                    continue
                }
                // Nobody signed in (or the session expired): the change waits for the next sign-in.
                if error == .unauthorized { throw .signInRequired(pending: counts().pending) }
                if error.mayPass {
                    try? outbox.failedAttempt(entry, error: error.localizedDescription)
                    if case .retryLater(let seconds) = error {
                        throw .busy(retryAfterSeconds: seconds, pending: counts().pending)
                    }
                    throw .offline(pending: counts().pending)
                }
                try? outbox.park(entry, error: error.localizedDescription)
            }
        }
    }
}
