import Domain
import Foundation

extension SyncEngine {
    /// Sends entries oldest first until the outbox is empty or the server cannot be reached.
    ///
    /// Cached lists are dropped once at the end, and only when the server took a change: a send
    /// that failed changed nothing there, and the lists are what an offline user still reads.
    func push(
        into report: inout SyncReport, progress: @Sendable (SyncProgress) -> Void = { _ in }
    ) async throws(SyncError) {
        let total = (try? outbox.counts().pending) ?? 0
        var done = 0
        let sentBefore = report.pushed
        do throws(SyncError) {
            while let stored = try store({ () throws(StorageError) in try outbox.nextEntry() }) {
                if Task.isCancelled { throw .cancelled }
                switch await send(stored) {
                case .success(let (document, validators)):
                    try await accept(stored, document, validators)
                    report.pushed += 1
                case .failure(let error):
                    try await handle(error, for: stored, into: &report)
                }
                done += 1
                progress(SyncProgress(phase: .push, done: min(done, total), total: total))
            }
        } catch {
            if report.pushed > sentBefore { try? await lists.invalidateAll() }
            throw error
        }
        if report.pushed > sentBefore { try? await lists.invalidateAll() }
    }

    /// Settles a conflict the user resolved, then sends what is left.
    public func resolve(entryId: Int, keeping resolution: ConflictResolution) async throws(SyncError) -> Document {
        guard let stored = try store({ () throws(StorageError) in try outbox.entry(entryId) }) else {
            throw .noSuchEntry(entryId)
        }
        guard stored.entry.state == .conflict,
            let local = try store({ () throws(StorageError) in try outbox.pendingDocument(stored.entry.documentId) })
        else { throw .notInConflict(entryId) }
        let id = stored.entry.documentId
        let remoteETag = stored.remote.map { "\"d\($0.id)-v\($0.version)\"" }
        switch resolution {
        case .remote:
            try await keepServerVersion(of: id, remote: stored.remote)
            return stored.remote ?? local.document
        case .local:
            try store { () throws(StorageError) in
                try outbox.requeue(entryId, rebasedOn: remoteETag, replacing: Self.everyField(of: local.document))
            }
        case .merged(let body):
            var merged = local.document
            merged.body = body
            try store { () throws(StorageError) in
                try outbox.replacePending(merged)
                try outbox.requeue(entryId, rebasedOn: remoteETag, replacing: Self.everyField(of: merged))
            }
        }
        await pushIfReachable()
        return try await current(id)
    }
}

// MARK: - Private

extension SyncEngine {
    private func send(_ stored: StoredEntryAlias) async -> Result<(Document?, RemoteValidators?), RemoteError> {
        let entry = stored.entry
        let key = stored.idempotencyKey
        do {
            switch entry.operation {
            case .create:
                guard let draft = OutboxStore.decode(DocumentDraft.self, stored.payload) else {
                    return .failure(.badRequest)
                }
                let (document, validators) = try await writer.create(draft, idempotencyKey: key)
                return .success((document, validators))
            case .update:
                guard let changes = OutboxStore.decode(DocumentChanges.self, stored.payload) else {
                    return .failure(.badRequest)
                }
                let (document, validators) = try await writer.update(
                    id: entry.documentId, with: changes, ifMatch: stored.baseETag, idempotencyKey: key)
                return .success((document, validators))
            case .delete:
                try await writer.delete(id: entry.documentId, ifMatch: stored.baseETag, idempotencyKey: key)
                return .success((nil, nil))
            }
        } catch {
            return .failure(error)
        }
    }

    typealias StoredEntryAlias = OutboxStore.StoredEntry

    /// The server took the change: the outbox forgets it and the caches learn the server's version.
    private func accept(_ stored: StoredEntryAlias, _ document: Document?, _ validators: RemoteValidators?)
        async throws(SyncError)
    {
        let moment = now()
        try store { () throws(StorageError) in
            try outbox.completed(
                stored, serverID: document?.id, etag: validators?.etag, caching: document, maxAge: validators?.maxAge,
                now: moment)
        }
        if let document {
            documents.forgetInMemory([document.id])  // the on-device copy was just replaced
        } else {
            try? await documents.invalidate(stored.entry.documentId)
        }
    }

    private func handle(_ error: RemoteError, for stored: StoredEntryAlias, into report: inout SyncReport)
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
        case .offline, .timedOut, .server, .rateLimited, .invalidData, .cancelled:
            // The change may or may not have been applied; its idempotency key makes a resend safe.
            try store { () throws(StorageError) in try outbox.failedAttempt(stored, error: error.localizedDescription) }
            let pending = (try? outbox.counts().pending) ?? 0
            if error == .cancelled { throw .cancelled }
            throw .offline(pending: pending)
        case .badRequest, .unauthorized, .forbidden, .gone, .unprocessable, .unexpectedStatus, .insecureURL:
            try store { () throws(StorageError) in try outbox.park(stored, error: error.localizedDescription) }
            report.parked += 1
        }
    }

    /// Applies the conflict policy to an entry the server refused with 409/412.
    private func settleConflict(_ stored: StoredEntryAlias, into report: inout SyncReport) async throws(SyncError) {
        let remote: (Document, RemoteValidators)?
        do {
            remote = try await writer.fetch(id: stored.entry.documentId)
        } catch {
            try store { () throws(StorageError) in try outbox.failedAttempt(stored, error: error.localizedDescription) }
            throw .offline(pending: (try? outbox.counts().pending) ?? 0)
        }
        var policy = await conflictPolicy()
        if policy == .lastWriterWins {
            // The server's timestamps have whole seconds; a tie goes to the server.
            let serverTime = (remote?.0.updatedAt ?? .distantPast).timeIntervalSince1970.rounded(.down)
            let localTime = stored.entry.createdAt.timeIntervalSince1970.rounded(.down)
            policy = localTime > serverTime ? .clientWins : .serverWins
        }
        switch policy {
        case .serverWins, .lastWriterWins:
            try await keepServerVersion(of: stored.entry.documentId, remote: remote?.0, validators: remote?.1)
            report.resolved += 1
        case .clientWins:
            guard let etag = remote?.1.etag else {
                try store { () throws(StorageError) in
                    try outbox.park(stored, error: "the document was deleted on the server")
                }
                report.parked += 1
                return
            }
            try store { () throws(StorageError) in try outbox.requeue(stored.entry.id, rebasedOn: etag) }
            report.resolved += 1
        case .manual:
            try store { () throws(StorageError) in try outbox.markConflict(stored, remote: remote?.0) }
            report.conflicts += 1
        }
    }

    /// Drops the local changes to a document and caches the server's version.
    private func keepServerVersion(
        of id: Int, remote: Document?, validators: RemoteValidators? = nil
    ) async throws(SyncError) {
        try store { () throws(StorageError) in try outbox.discardChanges(to: id) }
        if let remote, let validators {
            try? await documents.store(remote, for: id, validators: validators)
        } else {
            try? await documents.invalidate(id)
        }
        try? await lists.invalidateAll()
    }

    /// What the user sees for a document now: the local version while changes wait, else the
    /// cached or fetched server version.
    private func current(_ id: Int) async throws(SyncError) -> Document {
        if let pending = try store({ () throws(StorageError) in try outbox.pendingDocument(id) }) {
            return pending.document
        }
        let serverID = (try? outbox.serverID(forLocal: id)) ?? nil
        do {
            return try await documents.read(serverID ?? id, policy: .cacheFirst).value
        } catch {
            throw .offline(pending: 0)
        }
    }

    /// Changes that set every field to the document's.
    private static func everyField(of document: Document) -> DocumentChanges {
        DocumentChanges(title: document.title, body: document.body, tags: document.tags)
    }
}
