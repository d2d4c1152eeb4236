import Domain
import Foundation

extension SyncEngine {
    /// Sends entries oldest first, in batches (one request and one transaction each), until the
    /// outbox is empty or the server cannot be reached; one push at a time.
    ///
    /// A batch holds at most one entry per document: a later change to a document needs what the
    /// server answered to the earlier one. While the client settles one batch, the next is
    /// already on its way, made of other documents only, so the server's transaction and the
    /// client's run side by side; the batches are still settled in the order they were sent. The
    /// batch after that is read from the outbox while the server works, so the server waits for
    /// no more than the request once an answer is in.
    /// Cached lists are dropped before each batch the server took is settled and once more at
    /// the end, and only when the server took a change: a send that failed changed nothing there,
    /// and the lists are what an offline user still reads.
    func push(
        into report: inout SyncReport, progress: @Sendable (SyncProgress) -> Void = { _ in }
    ) async throws(SyncError) {
        guard await beginPush() else { throw .cancelled }
        defer { endPush() }
        // Another process on this database (the app's extension) pushes the same outbox.
        let lock = await PushLock(databasePath: outbox.database.path).acquire()
        defer { lock?.release() }
        if Task.isCancelled { throw .cancelled }
        let total = (try? outbox.counts().pending) ?? 0
        var done = 0
        let sentBefore = report.pushed
        do throws(SyncError) {
            // The batch being settled, and the entries that go out while it is.
            var sent: SentBatch?
            var next: [OutboxStore.StoredEntry] = []
            while true {
                if sent == nil {
                    // Nothing on its way: the oldest entries that can go (at first, and after a
                    // batch whose settling let more through, or when more were queued meanwhile).
                    if Task.isCancelled { throw .cancelled }
                    let batch = try nextBatch(excluding: [])
                    if batch.isEmpty { break }
                    let answered = await Self.send(batch, through: writer)
                    sent = answered
                    next = answered.answered && !Task.isCancelled ? try nextBatch(excluding: answered.documents) : []
                }
                guard let settling = sent else { break }
                let sending = next
                // Settling this batch throws when the server could not be reached; the next one is
                // then cancelled, and its entries stay queued with their keys, so a resend is safe.
                async let nextSent = Self.send(sending, through: writer)
                try await settle(settling, into: &report)
                done += settling.sendable.count + settling.damaged.count
                progress(SyncProgress(phase: .push, done: min(done, total), total: total))
                if sending.isEmpty {
                    _ = await nextSent
                    sent = nil
                    continue
                }
                // The batch after it is read while the server works on it, ready to go as soon as
                // its answer comes; it leaves out the documents still on their way.
                let following =
                    Task.isCancelled ? [] : try nextBatch(excluding: Set(sending.map(\.entry.documentId)))
                let answered = await nextSent
                sent = answered
                next = answered.answered && !Task.isCancelled ? following : []
            }
        } catch {
            if report.pushed > sentBefore { try? await lists.invalidateAll() }
            throw error
        }
        if report.pushed > sentBefore { try? await lists.invalidateAll() }
        if let resources { report.pushed += try await resources.push() }
    }

    /// The next batch to send, leaving out the documents of batches not yet settled.
    private func nextBatch(excluding busy: Set<Document.ID>) throws(SyncError) -> [OutboxStore.StoredEntry] {
        try store { () throws(StorageError) in
            try outbox.nextBatch(limit: batchSize, maxBytes: batchBytes, excluding: busy)
        }
    }

    /// Changes waiting to be sent, the documents' and the features'.
    func pendingCount() -> Int {
        ((try? outbox.counts().pending) ?? 0) + (resources?.counts().pending ?? 0)
    }

    /// The server took the change: the outbox forgets it and the caches learn the server's version.
    func accept(_ stored: OutboxStore.StoredEntry, _ document: Document?, _ validators: RemoteValidators?)
        async throws(SyncError)
    {
        try await accept([
            OutboxStore.Completion(
                stored, serverID: document?.id, etag: validators?.etag, document: document, maxAge: validators?.maxAge)
        ])
    }

    /// Drops the local changes to a document and caches the server's version.
    func keepServerVersion(
        of id: Document.ID, remote: Document?, validators: RemoteValidators? = nil
    ) async throws(SyncError) {
        try store { () throws(StorageError) in try outbox.discardChanges(to: id) }
        if let remote, let validators {
            try? await documents.store(remote, for: id, validators: validators)
        } else {
            try? await documents.invalidate(id)
        }
        try? await lists.invalidateAll()
    }
}

// MARK: - Private

extension SyncEngine {
    /// A batch sent, with what came back.
    struct SentBatch: Sendable {
        /// The entries that went out, with their writes.
        let sendable: [(OutboxStore.StoredEntry, DocumentWrite)]
        /// The entries whose payload is missing or damaged: not sent, parked when settled.
        let damaged: [OutboxStore.StoredEntry]
        /// A result per write sent (fewer when the rest were not sent), or why no answer came.
        let results: Result<[Result<DocumentWriteResult, RemoteError>], RemoteError>

        /// The documents the batch holds (a next batch leaves them out until it is settled).
        var documents: Set<Document.ID> {
            Set(sendable.map(\.0.entry.documentId) + damaged.map(\.entry.documentId))
        }

        /// Whether the server answered (so a next batch is worth sending).
        var answered: Bool {
            if case .success = results { return true }
            return sendable.isEmpty
        }
    }

    /// Sends one batch; outside the actor, so it runs while the actor settles the batch before.
    private static func send(_ batch: [OutboxStore.StoredEntry], through writer: any DocumentWriterProtocol) async
        -> SentBatch
    {
        var sendable: [(OutboxStore.StoredEntry, DocumentWrite)] = []
        var damaged: [OutboxStore.StoredEntry] = []
        for stored in batch {
            if let write = write(for: stored) { sendable.append((stored, write)) } else { damaged.append(stored) }
        }
        guard !sendable.isEmpty else { return SentBatch(sendable: [], damaged: damaged, results: .success([])) }
        let writes = sendable.map(\.1)
        let results = await Result.catching { () async throws(RemoteError) in try await writer.apply(writes) }
        return SentBatch(sendable: sendable, damaged: damaged, results: results)
    }

    /// Settles every entry of a sent batch; throws (after recording what was accepted) when the
    /// server could not be reached.
    private func settle(_ sent: SentBatch, into report: inout SyncReport) async throws(SyncError) {
        let sendable = sent.sendable
        for stored in sent.damaged { try await handle(.badRequest, for: stored, into: &report) }
        guard !sendable.isEmpty else { return }
        let results: [Result<DocumentWriteResult, RemoteError>]
        switch sent.results {
        case .success(let answered):
            results = answered
        case .failure(.unauthorized):
            // The server wants a signed-in user: nothing was applied, every change waits for sign-in.
            throw unreachable(.unauthorized)
        case .failure(let error):
            // No answer at all: every change may or may not be applied; the keys make a resend safe.
            try store { () throws(StorageError) in
                try outbox.failedAttempts(sendable.map(\.0), error: error.localizedDescription)
            }
            throw unreachable(error)
        }
        var accepted: [OutboxStore.Completion] = []
        var refused: [(OutboxStore.StoredEntry, RemoteError)] = []
        var failure: (OutboxStore.StoredEntry, RemoteError)?
        for ((stored, _), result) in zip(sendable, results) {
            switch result {
            case .success(let answer):
                accepted.append(
                    OutboxStore.Completion(
                        stored, serverID: answer.document?.id, etag: answer.validators?.etag,
                        document: answer.document, maxAge: answer.validators?.maxAge))
            case .failure(let error) where error.mayPass:
                failure = failure ?? (stored, error)
            case .failure(let error):
                refused.append((stored, error))
            }
        }
        try await accept(accepted)
        report.pushed += accepted.count
        for (stored, error) in refused { try await handle(error, for: stored, into: &report) }
        if let (stored, error) = failure {
            try store { () throws(StorageError) in try outbox.failedAttempt(stored, error: error.localizedDescription) }
            throw unreachable(error)
        }
    }

    /// Several accepted entries in one transaction; the documents leave the memory tier.
    ///
    /// The scenes reload as soon as the transaction commits (the database announces it), so the
    /// caches they read drop the old versions first: a reload that came after the commit but
    /// before the lists were dropped showed the old list, and nothing announced the drop.
    private func accept(_ completions: [OutboxStore.Completion]) async throws(SyncError) {
        guard !completions.isEmpty else { return }
        let moment = now()
        let cached = completions.compactMap { $0.document?.id }
        documents.forgetInMemory(cached)
        try? await lists.invalidateAll()  // a list read meanwhile comes from the server, which has the changes
        try store { () throws(StorageError) in try outbox.completed(completions, now: moment) }
        documents.forgetInMemory(cached)  // the on-device copies were just replaced (and may have been read again)
        for completion in completions where completion.document == nil {
            try? await documents.invalidate(completion.entry.entry.documentId)
        }
    }

    /// The request an entry stands for, or nil when its payload is missing or damaged.
    private static func write(for stored: OutboxStore.StoredEntry) -> DocumentWrite? {
        let entry = stored.entry
        let key = stored.idempotencyKey
        switch entry.operation {
        case .create:
            return stored.change?.draft.map { DocumentWrite(.create($0), ifMatch: nil, idempotencyKey: key) }
        case .update:
            return stored.change.map {
                DocumentWrite(.update(entry.documentId, $0.changes), ifMatch: stored.baseETag, idempotencyKey: key)
            }
        case .delete:
            return DocumentWrite(.delete(entry.documentId), ifMatch: stored.baseETag, idempotencyKey: key)
        }
    }

    /// The sync's failure when the server could not be reached (or asked to wait too long).
    func unreachable(_ error: RemoteError) -> SyncError {
        let pending = (try? outbox.counts().pending) ?? 0
        switch error {
        case .cancelled: return .cancelled
        case .retryLater(let seconds): return .busy(retryAfterSeconds: seconds, pending: pending)
        case .unauthorized: return .signInRequired(pending: pending)
        default: return .offline(pending: pending)
        }
    }

    private func handle(_ error: RemoteError, for stored: OutboxStore.StoredEntry, into report: inout SyncReport)
        async throws(SyncError)
    {
        switch error {
        case .conflict:
            try await settleConflict(stored, into: &report)
        case .notFound where stored.entry.operation == .delete:
            try await accept(stored, nil, nil)  // already gone: the delete is done
            report.pushed += 1
        case .notFound:
            try store { () throws(StorageError) in
                try outbox.park(stored, error: "the document was deleted on the server")
            }
            report.parked += 1
        case .unauthorized:
            throw unreachable(error)  // not the change's fault: it waits for the next sign-in
        case .offline, .timedOut, .server, .rateLimited, .invalidData, .cancelled, .retryLater:
            // The change may or may not have been applied; its idempotency key makes a resend safe.
            try store { () throws(StorageError) in try outbox.failedAttempt(stored, error: error.localizedDescription) }
            throw unreachable(error)
        case .badRequest, .forbidden, .gone, .unprocessable, .unexpectedStatus, .insecureURL:
            try store { () throws(StorageError) in try outbox.park(stored, error: error.localizedDescription) }
            report.parked += 1
        }
    }

    /// Applies the conflict policy (a Domain rule) to an entry the server refused with 409/412.
    private func settleConflict(_ stored: OutboxStore.StoredEntry, into report: inout SyncReport)
        async throws(SyncError)
    {
        let remote: (document: Document, validators: RemoteValidators)?
        do {
            remote = try await writer.fetch(id: stored.entry.documentId).map { ($0, $1) }
        } catch {
            try store { () throws(StorageError) in try outbox.failedAttempt(stored, error: error.localizedDescription) }
            throw unreachable(error)
        }
        let decision = await conflictPolicy().resolve(localChangeAt: stored.entry.createdAt, remote: remote?.document)
        switch (decision, remote) {
        case (.keepServer, _):
            try await keepServerVersion(
                of: stored.entry.documentId, remote: remote?.document, validators: remote?.validators)
            report.resolved += 1
        case (.overwriteServer, let remote?) where remote.validators.etag != nil:
            try store { () throws(StorageError) in
                try outbox.requeue(stored.entry.id, rebasedOn: remote.validators.etag, replacing: nil)
            }
            report.resolved += 1
        case (.askUser, _):
            try store { () throws(StorageError) in
                try outbox.markConflict(stored, remote: remote?.document, remoteETag: remote?.validators.etag)
            }
            report.conflicts += 1
        case (.overwriteServer, _), (.setAside, _):
            let reason = remote == nil ? "the document was deleted on the server" : "the server sent no validator"
            try store { () throws(StorageError) in try outbox.park(stored, error: reason) }
            report.parked += 1
        }
    }
}
