public import Domain
import Foundation
import GRDB

extension OutboxStore {
    /// The local version of a document with unsent changes: `nil` when there is none, `deleted`
    /// when it was deleted here.
    public func pendingDocument(_ id: Document.ID) throws(StorageError) -> (document: Document, deleted: Bool)? {
        guard hasPending(id) else { return nil }
        let found = try database.read { db -> (PendingDocumentRecord, Bool)? in
            guard let record = try PendingDocumentRecord.fetchOne(db, key: id.rawValue) else { return nil }
            return (record, try Self.inConflict(db).contains(id.rawValue))
        }
        return try found.map { record, conflict throws(StorageError) in try record.object(inConflict: conflict) }
    }

    /// Every document with unsent changes.
    public func pendingDocuments() throws(StorageError) -> [(document: Document, deleted: Bool)] {
        guard hasAnyPending else { return [] }
        let (records, conflicts) = try database.read { db in
            (try PendingDocumentRecord.fetchAll(db), try Self.inConflict(db))
        }
        return try records.map { record throws(StorageError) in
            try record.object(inConflict: conflicts.contains(record.document.id))
        }
    }

    /// The identifier the server gave a document created on this device, once sent.
    public func serverID(forLocal id: Document.ID) throws(StorageError) -> Document.ID? {
        try database.read { db in try IDMappingRecord.fetchOne(db, key: id.rawValue) }
            .flatMap { Document.ID.server($0.serverId) }
    }

    /// The base version of the oldest unsent change to a document.
    public func baseETag(of id: Document.ID) throws(StorageError) -> String? {
        try database.read { db in
            try OutboxRecord.filter(OutboxRecord.Columns.documentId == id.rawValue).order(OutboxRecord.Columns.seq)
                .fetchOne(db)?.baseETag
        }
    }

    /// The next entry to send: the oldest pending one whose document has no entry parked or in
    /// conflict (changes to one document are sent strictly in order).
    public func nextEntry() throws(StorageError) -> StoredEntry? {
        try nextBatch(limit: 1).first
    }

    /// The entries to send together, oldest first, at most `limit`: the oldest pending entry of
    /// each document that has nothing parked or in conflict.
    ///
    /// One per document, because a later change needs what the server answers to the earlier one
    /// (its id, its version). Documents in `excluding` are left out, with every entry of theirs:
    /// a batch still on its way to the server holds them. The batch stops before the entry that
    /// would take its ``sendSize(_:)`` total past `maxBytes` (its first entry goes whatever its
    /// size); the entries left out wait, in order, for the next batch.
    public func nextBatch(limit: Int, maxBytes: Int = .max, excluding: Set<Document.ID> = []) throws(StorageError)
        -> [StoredEntry]
    {
        let busy = excluding.map(\.rawValue)
        let fitting = try database.read { db in
            // A correlated NOT EXISTS uses the (document_id, seq) index for each candidate; a NOT IN
            // over all waiting entries would scan the outbox for every entry sent.
            let candidate = TableAlias<OutboxRecord>(name: "candidate")
            let blocking = OutboxRecord.filter(
                OutboxRecord.Columns.documentId == candidate[OutboxRecord.Columns.documentId]
            )
            .filter(
                OutboxRecord.Columns.state != OutboxEntry.State.pending.rawValue
                    || OutboxRecord.Columns.seq < candidate[OutboxRecord.Columns.seq])
            let records = try OutboxRecord.aliased(candidate)
                .filter(OutboxRecord.Columns.state == OutboxEntry.State.pending.rawValue)
                .filter(!blocking.exists()).filter(!busy.contains(OutboxRecord.Columns.documentId))
                .order(OutboxRecord.Columns.seq).limit(limit).fetchCursor(db)
            // Read only what fits: a batch of small creates fills its bytes at about half its limit.
            var total = 0
            var fitting: [OutboxRecord] = []
            while let record = try records.next() {
                total += Self.sendSize(record)
                if total > maxBytes && !fitting.isEmpty { break }
                fitting.append(record)
            }
            return fitting
        }
        return try fitting.map { record throws(StorageError) in try Self.stored(record) }
    }

    /// About how many bytes an entry takes in a batch's JSON: its payload, key and validator as
    /// stored, and the members around them (method, path, names and punctuation: up to 70 bytes
    /// for a create, 110 with a document's id and an escaped `If-Match`).
    static func sendSize(_ record: OutboxRecord) -> Int {
        let around = record.operation == OutboxEntry.Operation.create.rawValue ? 70 : 110
        return around + (record.payload?.count ?? 0) + record.idempotencyKey.utf8.count
            + (record.baseETag?.utf8.count ?? 0)
    }

    /// Every entry, oldest first.
    public func entries() throws(StorageError) -> [StoredEntry] {
        try database.read { db in try OutboxRecord.order(OutboxRecord.Columns.seq).fetchAll(db) }
            .map { record throws(StorageError) in try Self.stored(record) }
    }

    /// One entry.
    public func entry(_ seq: Int) throws(StorageError) -> StoredEntry? {
        try database.read { db in try OutboxRecord.fetchOne(db, key: seq) }
            .map { record throws(StorageError) in try Self.stored(record) }
    }

    /// How many entries are pending, parked and in conflict.
    public func counts() throws(StorageError) -> (pending: Int, parked: Int, conflicts: Int) {
        let byState = try database.read { db in
            try Row.fetchAll(
                db,
                OutboxRecord.select(OutboxRecord.Columns.state, count(OutboxRecord.Columns.seq).forKey("n"))
                    .group(OutboxRecord.Columns.state))
        }
        var counts = (pending: 0, parked: 0, conflicts: 0)
        for row in byState {
            let number: Int = (try? row.decode(forColumn: "n")) ?? 0
            switch OutboxEntry.State(rawValue: (try? row(OutboxRecord.Columns.state)) ?? "") {
            case .pending: counts.pending = number
            case .parked: counts.parked = number
            case .conflict, nil: counts.conflicts += number
            }
        }
        return counts
    }
}

// MARK: - Private

extension OutboxStore {
    /// The documents with an entry in conflict.
    private static func inConflict(_ db: Database) throws -> Set<Int> {
        Set(
            try Int.fetchAll(
                db,
                OutboxRecord.select(OutboxRecord.Columns.documentId)
                    .filter(OutboxRecord.Columns.state == OutboxEntry.State.conflict.rawValue)))
    }

    /// The entry as the engine sends it; unknown values read as what is safest to retry.
    private static func stored(_ record: OutboxRecord) throws(StorageError) -> StoredEntry {
        let remote = record.remote.flatMap {
            try? JSONCoding.decoder.decode(OutboxRecord.RemoteDocument.self, from: $0)
        }
        let change = record.payload.flatMap { try? JSONCoding.decoder.decode(OutboxRecord.Change.self, from: $0) }
        guard let seq = record.seq, let documentID = Document.ID(rawValue: record.documentId) else {
            throw .corruptRow("outbox entry \(record.seq ?? 0) for document \(record.documentId)")
        }
        return StoredEntry(
            entry: OutboxEntry(
                id: seq, documentId: documentID,
                operation: OutboxEntry.Operation(rawValue: record.operation) ?? .update,
                state: OutboxEntry.State(rawValue: record.state) ?? .pending, attempts: record.attempts,
                lastError: record.lastError, createdAt: Date(timeIntervalSince1970: record.createdAt)),
            change: change, baseETag: record.baseETag, idempotencyKey: record.idempotencyKey,
            remote: remote?.document, remoteETag: record.remoteETag)
    }
}
