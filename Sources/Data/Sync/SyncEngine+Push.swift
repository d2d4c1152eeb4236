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

    /// The server took the change: the outbox forgets it and the caches learn the server's version.
    func accept(_ stored: OutboxStore.StoredEntry, _ document: Document?, _ validators: RemoteValidators?)
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
    private func send(_ stored: OutboxStore.StoredEntry) async -> Result<(Document?, RemoteValidators?), RemoteError> {
        let entry = stored.entry
        let key = stored.idempotencyKey
        do {
            switch entry.operation {
            case .create:
                guard let draft = stored.change?.draft else { return .failure(.badRequest) }
                let (document, validators) = try await writer.create(draft, idempotencyKey: key)
                return .success((document, validators))
            case .update:
                guard let changes = stored.change?.changes else { return .failure(.badRequest) }
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

    /// Applies the conflict policy (a Domain rule) to an entry the server refused with 409/412.
    private func settleConflict(_ stored: OutboxStore.StoredEntry, into report: inout SyncReport)
        async throws(SyncError)
    {
        let remote: (document: Document, validators: RemoteValidators)?
        do {
            remote = try await writer.fetch(id: stored.entry.documentId).map { ($0, $1) }
        } catch {
            try store { () throws(StorageError) in try outbox.failedAttempt(stored, error: error.localizedDescription) }
            throw .offline(pending: (try? outbox.counts().pending) ?? 0)
        }
        let decision = await conflictPolicy().resolve(localChangeAt: stored.entry.createdAt, remote: remote?.document)
        switch (decision, remote) {
        case (.keepServer, _):
            try await keepServerVersion(
                of: stored.entry.documentId, remote: remote?.document, validators: remote?.validators)
            report.resolved += 1
        case (.overwriteServer, let remote?) where remote.validators.etag != nil:
            try store { () throws(StorageError) in
                try outbox.requeue(stored.entry.id, rebasedOn: remote.validators.etag)
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
