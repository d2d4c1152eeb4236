public import Domain
import Foundation

extension SyncEngine {
    /// Settles a conflict the user resolved, then sends what is left.
    ///
    /// Keeping the local version re-sends every field over the server's version, with the
    /// validator the server sent for that version (fetched again when none was kept).
    public func resolve(entryId: Int, keeping resolution: ConflictResolution) async throws(SyncError) -> Document {
        guard let stored = try store({ () throws(StorageError) in try outbox.entry(entryId) }) else {
            throw .noSuchEntry(entryId)
        }
        guard stored.entry.state == .conflict,
            let local = try store({ () throws(StorageError) in try outbox.pendingDocument(stored.entry.documentId) })
        else { throw .notInConflict(entryId) }
        let id = stored.entry.documentId
        switch resolution {
        case .remote:
            try await keepServerVersion(of: id, remote: stored.remote)
            return stored.remote ?? local.document
        case .local:
            let etag = try await remoteValidator(of: stored)
            try store { () throws(StorageError) in
                try outbox.requeue(entryId, rebasedOn: etag, replacing: DocumentChanges(everyFieldOf: local.document))
            }
        case .merged(let body):
            let etag = try await remoteValidator(of: stored)
            var merged = local.document
            merged.body = body
            try store { () throws(StorageError) in
                try outbox.replacePending(merged)
                try outbox.requeue(entryId, rebasedOn: etag, replacing: DocumentChanges(everyFieldOf: merged))
            }
        }
        await pushIfReachable()
        return try await current(id)
    }
}

// MARK: - Private

extension SyncEngine {
    /// The validator of the server version the conflict is against: the one the server sent with
    /// it, else the one it sends now; `nil` when the server deleted the document.
    private func remoteValidator(of stored: OutboxStore.StoredEntry) async throws(SyncError) -> String? {
        if let etag = stored.remoteETag { return etag }
        guard stored.remote != nil else { return nil }
        do {
            return try await writer.fetch(id: stored.entry.documentId)?.1.etag
        } catch {
            throw .offline(pending: (try? outbox.counts().pending) ?? 0)
        }
    }

    /// What the user sees for a document now: the local version while changes wait, else the
    /// cached or fetched server version.
    private func current(_ id: Document.ID) async throws(SyncError) -> Document {
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
}
