public import Domain
public import Foundation
import GRDB

extension OutboxStore {
    /// The server accepted `entry`: it leaves the outbox; a created document takes its server id
    /// everywhere; later changes to the document are rebased on `etag`; and the server's version,
    /// when given, replaces the cached copy in the same transaction.
    public func completed(
        _ entry: StoredEntry, serverID: Document.ID?, etag: String?, caching document: Document? = nil,
        maxAge: Double? = nil, now: Date = Date()
    ) throws(StorageError) {
        let local = entry.entry.documentId.rawValue
        let mapped = serverID.map { $0.rawValue } ?? local
        try write(affecting: [local, mapped]) { db in
            if let document {
                let metadata = CacheMetadata(fetchedAt: now, etag: etag, maxAge: maxAge)
                try RecordStore<DocumentRecord>.write([(document.id, DocumentRecord(document))], metadata: metadata, db)
            }
            _ = try OutboxRecord.deleteOne(db, key: entry.entry.id)
            if mapped != local {
                try IDMappingRecord(localId: local, serverId: mapped).upsert(db)
                try OutboxRecord.filter(OutboxRecord.Columns.documentId == local)
                    .updateAll(db, OutboxRecord.Columns.documentId.set(to: mapped))
                try PendingDocumentRecord.deleteOne(db, key: mapped)
                try PendingDocumentRecord.filter(key: local).updateAll(
                    db, PendingDocumentRecord.Columns.id.set(to: mapped))
                try LocalStateRecord.move(entity: LocalStateEntity.document, from: local, to: mapped, db)
            }
            if let etag {
                try Self.pending(of: mapped).updateAll(db, OutboxRecord.Columns.baseETag.set(to: etag))
            }
            if try OutboxRecord.filter(OutboxRecord.Columns.documentId == mapped).fetchCount(db) == 0 {
                try PendingDocumentRecord.deleteOne(db, key: mapped)
            }
        }
    }

    /// Sending failed for a reason that may pass: counted, kept pending.
    public func failedAttempt(_ entry: StoredEntry, error: String) throws(StorageError) {
        try update(entry.entry.id) { record in
            record.attempts += 1
            record.lastError = error
        }
    }

    /// The server refused the entry for good: kept, with the reason, until retried.
    public func park(_ entry: StoredEntry, error: String) throws(StorageError) {
        try update(entry.entry.id) { record in
            record.state = OutboxEntry.State.parked.rawValue
            record.attempts += 1
            record.lastError = error
        }
    }

    /// The server's version differs: both are kept, with the validator the server sent for its
    /// version, until the user chooses.
    public func markConflict(_ entry: StoredEntry, remote: Document?, remoteETag: String?) throws(StorageError) {
        let encoded = try remote.map { document throws(StorageError) in
            try OutboxRecord.encode(OutboxRecord.RemoteDocument(document))
        }
        try update(entry.entry.id) { record in
            record.state = OutboxEntry.State.conflict.rawValue
            record.remote = encoded
            record.remoteETag = remoteETag
            record.lastError = "the server has another version"
        }
    }

    /// Puts a parked or conflicting entry back in the queue, rebased on `etag` when given.
    ///
    /// The server refused the earlier attempt, so this is a new request with a new idempotency
    /// key (the old key would only replay the refusal).
    public func requeue(_ seq: Int, rebasedOn etag: String?, replacing changes: DocumentChanges? = nil)
        throws(StorageError)
    {
        let payload = try changes.map { changes throws(StorageError) in
            try OutboxRecord.encode(OutboxRecord.Change(changes))
        }
        try update(seq) { record in
            record.state = OutboxEntry.State.pending.rawValue
            record.lastError = nil
            record.remote = nil
            record.remoteETag = nil
            record.baseETag = etag ?? record.baseETag
            record.payload = payload ?? record.payload
            record.idempotencyKey = UUID().uuidString
        }
    }
}

// MARK: - Private

extension OutboxStore {
    /// The pending entries of a document.
    private static func pending(of documentID: Int) -> QueryInterfaceRequest<OutboxRecord> {
        OutboxRecord.filter(OutboxRecord.Columns.documentId == documentID)
            .filter(OutboxRecord.Columns.state == OutboxEntry.State.pending.rawValue)
    }

    /// Changes one entry in its own transaction.
    private func update(_ seq: Int, _ change: @escaping (inout OutboxRecord) -> Void) throws(StorageError) {
        try write { db in
            guard var record = try OutboxRecord.fetchOne(db, key: seq) else { return }
            change(&record)
            try record.update(db)
        }
    }
}
