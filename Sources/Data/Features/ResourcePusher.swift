import Domain
import Foundation
import Synchronization

/// One feature's store, as the stack reaches it without its types: it sends the feature's
/// changes, and its memory tier answers a memory warning and `cache stats`.
protocol ResourceSending: Sendable {
    /// Sends `entry` and settles it on this device; throws what the server or network said.
    func send(_ entry: ResourceOutbox.Entry) async throws(RemoteError)
    /// Sends changes to distinct items in one batch and settles each; what the server refused,
    /// per entry in order (nil: settled). Throws when the batch got no answer.
    func send(batch entries: [ResourceOutbox.Entry]) async throws(RemoteError) -> [RemoteError?]
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
    /// The most changes, and about the most bytes of them, one batch carries (the documents' bounds).
    let batchSize: Int
    let batchBytes: Int
    private let senders = Mutex<[String: any ResourceSending]>([:])

    init(database: AppDatabase, batchSize: Int, batchBytes: Int) {
        outbox = ResourceOutbox(database: database)
        self.batchSize = batchSize
        self.batchBytes = batchBytes
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

    /// Sends every pending change whose feature is registered, in batches where it can; returns
    /// how many the server took.
    ///
    /// A batch is the oldest changes of one feature, to distinct items, each of which goes as it
    /// would alone (``batch(from:)``); a change that cannot goes by itself. A change the server
    /// refuses for good is parked (kept, with the reason) and the rest go on; when the server
    /// cannot be reached the change stays queued and the push stops.
    func push() async throws(SyncError) -> Int {
        var sent = 0
        var skipped = Set<Int>()
        while true {
            if Task.isCancelled { throw .cancelled }
            let entries: [ResourceOutbox.Entry]
            do {
                // Changes to an item with one in conflict wait behind it, in order.
                let held = try outbox.itemsInConflict()
                entries = try outbox.pending(limit: skipped.count + batchSize).filter {
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
            let batch = Self.batch(from: entries, limit: batchSize, maxBytes: batchBytes)
            let refused: [RemoteError?]
            if batch.count > 1 {
                do {
                    refused = try await sender.send(batch: batch)
                } catch {
                    if error.mayPass {
                        for entry in batch { try? outbox.failedAttempt(entry, error: error.localizedDescription) }
                    }
                    throw failure(error)
                }
            } else {
                do {
                    try await sender.send(entry)
                    refused = [nil]
                } catch {
                    refused = [error]
                }
            }
            for (entry, error) in zip(batch, refused) {
                guard let error else {
                    sent += 1
                    continue
                }
                try handle(error, for: entry)
            }
        }
    }

    /// The oldest entries that go together: the first, then the ones after it of the same
    /// feature, each to an item no other has, that need no answer from the server first (a create,
    /// or a change to a server item with the validator it was made against), until `limit` or
    /// about `maxBytes`; the first alone when it needs an answer first.
    static func batch(from entries: [ResourceOutbox.Entry], limit: Int, maxBytes: Int) -> [ResourceOutbox.Entry] {
        func goesAlone(_ entry: ResourceOutbox.Entry) -> Bool {
            entry.operation == .create || (entry.itemId > 0 && entry.baseETag != nil)
        }
        guard let first = entries.first, goesAlone(first) else { return Array(entries.prefix(1)) }
        var batch: [ResourceOutbox.Entry] = []
        var items = Set<Int>()
        var bytes = 0
        for entry in entries {
            guard entry.collection == first.collection, goesAlone(entry), !items.contains(entry.itemId) else { break }
            bytes += (entry.body?.count ?? 0) + 200  // and its method, path, key and validator
            if batch.count == limit || (bytes > maxBytes && !batch.isEmpty) { break }
            batch.append(entry)
            items.insert(entry.itemId)
        }
        return batch
    }

    /// What a refused change becomes: in conflict, waiting for sign-in, queued for a later push
    /// (which stops this one), or parked.
    private func handle(_ error: RemoteError, for entry: ResourceOutbox.Entry) throws(SyncError) {
        if error == .cancelled { throw .cancelled }
        // The item changed on the server and its policy asks the user.
        if error == .conflict {
            try? outbox.markConflict(entry)
            return
        }
        if error.mayPass || error == .unauthorized {
            if error != .unauthorized { try? outbox.failedAttempt(entry, error: error.localizedDescription) }
            throw failure(error)
        }
        try? outbox.park(entry, error: error.localizedDescription)
    }

    /// The push's failure when the server could not be reached, asked to wait or wants a sign-in.
    private func failure(_ error: RemoteError) -> SyncError {
        switch error {
        case .cancelled: .cancelled
        // Nobody signed in (or the session expired): the change waits for the next sign-in.
        case .unauthorized: .signInRequired(pending: counts().pending)
        case .retryLater(let seconds): .busy(retryAfterSeconds: seconds, pending: counts().pending)
        default: .offline(pending: counts().pending)
        }
    }
}
