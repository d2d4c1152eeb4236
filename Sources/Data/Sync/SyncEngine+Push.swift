import Domain
import Foundation

extension SyncEngine {
    /// Sends the outbox oldest first, in batches (one request and one transaction each), until it
    /// is empty or the server cannot be reached; one push at a time (ADRs 0038, 0046).
    ///
    /// A batch holds one collection's changes, at most one per item: a later change to an item
    /// needs what the server answered to the earlier one. While one batch is settled, the next is
    /// already on its way, made of other items only, so the server's transaction and the device's
    /// run side by side; batches are still settled in the order they were sent. The batch after
    /// that is read from the outbox while the server works, so the server waits for no more than
    /// the request once an answer is in.
    func push(
        into report: inout SyncReport, progress: @Sendable (SyncProgress) -> Void = { _ in }
    ) async throws(SyncError) {
        guard await beginPush() else { throw .cancelled }
        defer { endPush() }
        // Another process on this database (the app's extension) pushes the same outbox.
        let lock = await ProcessLock(beside: outbox.database.path, for: "push").acquire()
        defer { lock?.release() }
        if Task.isCancelled { throw .cancelled }
        let total = pendingCount()
        var done = 0
        // The batch being settled, and the changes that go out while it is.
        var sent: SentBatch?
        var next: [Outbox.Entry] = []
        while true {
            if sent == nil {
                // Nothing on its way: the oldest changes that can go (at first, after a batch whose
                // settling let more through, or when more were queued meanwhile).
                if Task.isCancelled { throw .cancelled }
                let batch = try nextBatch(busy: [])
                if batch.isEmpty { break }
                let answered = await Self.send(batch, through: collection(batch[0].collection))
                sent = answered
                next = answered.failure == nil && !Task.isCancelled ? try nextBatch(busy: answered.items) : []
            }
            guard let settling = sent else { break }
            let sending = next
            // Settling this batch throws when the server could not be reached; the next one is then
            // cancelled, and its changes stay queued with their keys, so a resend is safe.
            async let nextSent = Self.send(sending, through: sending.first.flatMap { collection($0.collection) })
            try await settle(settling, into: &report)
            done += settling.entries.count
            progress(SyncProgress(phase: .push, done: min(done, total), total: total))
            if sending.isEmpty {
                _ = await nextSent
                sent = nil
                continue
            }
            // The batch after it is read while the server works on it, ready to go as soon as its
            // answer comes; it leaves out the items still on their way.
            let following = Task.isCancelled ? [] : try nextBatch(busy: Set(sending.map(\.item)))
            let answered = await nextSent
            sent = answered
            next = answered.failure == nil && !Task.isCancelled ? following : []
        }
    }

    /// The push's failure when the server could not be reached, asked to wait or wants a sign-in.
    func unreachable(_ error: RemoteError) -> SyncError {
        error.syncFailure(pending: pendingCount())
    }
}

extension RemoteError {
    /// A sync's failure when the server could not be reached, asked to wait, wants a sign-in or
    /// refused the request itself, with `pending` changes left queued.
    func syncFailure(pending: Int) -> SyncError {
        switch self {
        case .cancelled: .cancelled
        case .retryLater(let seconds): .busy(retryAfterSeconds: seconds, pending: pending)
        // Nobody signed in (or the session expired): the changes wait for the next sign-in.
        case .unauthorized: .signInRequired(pending: pending)
        // Answered, so not unreachable: the user reads what the server said.
        case .badRequest, .forbidden, .notFound, .conflict, .gone, .unprocessable, .unexpectedStatus, .insecureURL:
            .refused(localizedDescription, pending: pending)
        case .invalidData: .invalidData(pending: pending)
        case .offline, .timedOut, .server, .rateLimited: .offline(pending: pending)
        }
    }
}

extension SyncError {
    /// The failure with `pending` as the count of changes left queued, where it says one.
    func counting(pending: Int) -> SyncError {
        switch self {
        case .offline: .offline(pending: pending)
        case .busy(let seconds, _): .busy(retryAfterSeconds: seconds, pending: pending)
        case .refused(let reason, _): .refused(reason, pending: pending)
        case .invalidData: .invalidData(pending: pending)
        case .signInRequired: .signInRequired(pending: pending)
        default: self
        }
    }
}

// MARK: - Private

extension SyncEngine {
    /// The next batch to send, leaving out the items of batches not yet settled.
    private func nextBatch(busy: Set<Outbox.Item>) throws(SyncError) -> [Outbox.Entry] {
        let names = Set(collections.map(\.collection))
        return try store { () throws(StorageError) in
            try outbox.nextBatch(limit: batchSize, maxBytes: batchBytes, busy: busy, collections: names)
        }
    }

    /// Sends one batch through its collection; off the engine's actor, so it runs while the actor
    /// settles the batch before.
    @concurrent
    private static func send(_ batch: [Outbox.Entry], through collection: (any SyncedCollection)?) async -> SentBatch {
        guard let collection, !batch.isEmpty else { return SentBatch(entries: [], failure: nil, settle: { [] }) }
        return await collection.send(batch)
    }

    /// Settles a sent batch: what the server took in one transaction, then each refusal by its
    /// kind; throws (after recording what was taken) when the server could not be reached.
    private func settle(_ sent: SentBatch, into report: inout SyncReport) async throws(SyncError) {
        guard !sent.entries.isEmpty else { return }
        if let failure = sent.failure {
            // No answer at all: every change may or may not be applied; the keys make a resend safe.
            try stop(sent.entries, by: failure)
        }
        let refused = try store { () throws(StorageError) in try sent.settle() }
        report.pushed += sent.entries.count - refused.count
        var unreached: (Outbox.Entry, RemoteError)?
        for (entry, error) in refused {
            if error.mayPass || error == .unauthorized {
                unreached = unreached ?? (entry, error)
                continue
            }
            try await handle(error, for: entry, into: &report)
        }
        if let (entry, error) = unreached { try stop([entry], by: error) }
    }

    /// What a change the server refused for a reason that will not pass becomes: decided by its
    /// collection's policy (the item changed there), done (a delete of what is gone), or parked.
    private func handle(_ error: RemoteError, for entry: Outbox.Entry, into report: inout SyncReport)
        async throws(SyncError)
    {
        guard let collection = collection(entry.collection) else { return }
        if error == .notFound, try await isMissing(collection, sending: entry) {
            // Not a deletion of the item: the change waits for a server that has its collection.
            try store { () throws(StorageError) in
                try outbox.park(entry, error: "the server has no collection \(entry.collection)")
            }
            report.parked += 1
            return
        }
        switch error {
        // An edit of an item the server deleted meets the policy too: it is a conflict with a deletion.
        case .conflict where entry.operation != .create, .notFound where entry.operation == .update:
            let decision: ConflictDecision
            do {
                decision = try await collection.settleConflict(entry)
            } catch {
                if error.mayPass { try stop([entry], by: error) }
                try store { () throws(StorageError) in try outbox.park(entry, error: error.localizedDescription) }
                report.parked += 1
                return
            }
            switch decision {
            case .keepServer, .overwriteServer: report.resolved += 1
            case .askUser: report.conflicts += 1
            case .setAside: report.parked += 1
            }
        case .notFound where entry.operation == .delete, .gone where entry.operation == .delete:
            try store { () throws(StorageError) in try collection.settleGone(entry) }
            report.pushed += 1
        default:
            try store { () throws(StorageError) in try outbox.park(entry, error: error.localizedDescription) }
            report.parked += 1
        }
    }

    /// Whether a 404 to `entry` says the server lacks its collection.
    ///
    /// Always for a create (sent to the collection itself), else when the collection's list answers
    /// 404 too. When that cannot be learned, the change counts a failed attempt and the push stops,
    /// as for one that got no answer.
    private func isMissing(_ collection: any SyncedCollection, sending entry: Outbox.Entry) async throws(SyncError)
        -> Bool
    {
        guard entry.operation != .create else { return true }
        do {
            return try await !collection.serverHasCollection()
        } catch {
            try stop([entry], by: error)
        }
    }

    /// Stops the push on a failure that may pass: `entries` count a failed attempt (a 401 is none
    /// of theirs: the session ended) and stay pending.
    private func stop(_ entries: [Outbox.Entry], by error: RemoteError) throws(SyncError) -> Never {
        if error != .unauthorized {
            try store { () throws(StorageError) in
                try outbox.failedAttempts(entries, error: error.localizedDescription)
            }
        }
        throw unreachable(error)
    }
}
