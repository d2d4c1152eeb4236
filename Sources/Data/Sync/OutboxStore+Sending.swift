public import Domain
public import Foundation
import GRDB

extension OutboxStore {
    /// What the server answered for one entry it took.
    public struct Completion: Sendable {
        /// The entry.
        public let entry: StoredEntry
        /// The id the server gave a created document.
        public let serverID: Document.ID?
        /// The validator of the server's new version.
        public let etag: String?
        /// The server's new version, to cache.
        public let document: Document?
        /// How long the cached copy stays fresh.
        public let maxAge: Double?

        /// Describes an accepted entry.
        public init(
            _ entry: StoredEntry, serverID: Document.ID?, etag: String?, document: Document?, maxAge: Double?
        ) {
            self.entry = entry
            self.serverID = serverID
            self.etag = etag
            self.document = document
            self.maxAge = maxAge
        }
    }

    /// The server accepted `entry`: it leaves the outbox; a created document takes its server id
    /// everywhere; later changes to the document are rebased on `etag`; and the server's version,
    /// when given, replaces the cached copy in the same transaction.
    public func completed(
        _ entry: StoredEntry, serverID: Document.ID?, etag: String?, caching document: Document?, maxAge: Double?,
        now: Date
    ) throws(StorageError) {
        try completed([Completion(entry, serverID: serverID, etag: etag, document: document, maxAge: maxAge)], now: now)
    }

    /// Several accepted entries (a batch's), in one transaction: each as ``completed(_:serverID:etag:caching:maxAge:now:)``.
    public func completed(_ completions: [Completion], now: Date = Date()) throws(StorageError) {
        guard !completions.isEmpty else { return }
        let affected = completions.flatMap {
            [$0.entry.entry.documentId.rawValue, ($0.serverID ?? $0.entry.entry.documentId).rawValue]
        }
        try write(affecting: affected) { db in
            // The server's versions first, through each table's batch statements (in order, so a
            // document answered twice keeps the later version); settling touches no cached row.
            try RecordStore<DocumentRecord>.write(
                completions.compactMap { completion in
                    completion.document.map { document in
                        (
                            key: document.id, record: DocumentRecord(document),
                            metadata: CacheMetadata(fetchedAt: now, etag: completion.etag, maxAge: completion.maxAge)
                        )
                    }
                }, db)
            for completion in try Self.settleUsualCreates(completions, db) { try Self.settle(completion, db) }
        }
    }

    /// Sending failed for a reason that may pass: counted, kept pending.
    public func failedAttempt(_ entry: StoredEntry, error: String) throws(StorageError) {
        try failedAttempts([entry], error: error)
    }

    /// Sending several entries failed for a reason that may pass (a batch that got no answer):
    /// each counted, all kept pending, in one transaction.
    public func failedAttempts(_ entries: [StoredEntry], error: String) throws(StorageError) {
        try write { db in
            _ = try OutboxRecord.filter(keys: entries.map(\.entry.id)).updateAll(
                db, OutboxRecord.Columns.attempts.set(to: OutboxRecord.Columns.attempts + 1),
                OutboxRecord.Columns.lastError.set(to: error))
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
    public func requeue(_ seq: Int, rebasedOn etag: String?, replacing changes: DocumentChanges?)
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
    /// One accepted entry leaves the outbox, in the caller's transaction (its cached copy is
    /// written by the caller).
    ///
    /// A batch settles hundreds of entries in one transaction, so each statement is prepared once
    /// per connection (cached) and finds the document's entries through an index.
    private static func settle(_ completion: Completion, _ db: Database) throws {
        let local = completion.localID
        let mapped = completion.mappedID
        try db.cachedStatement(sql: SettleSQL.deleteEntry).execute(arguments: [completion.entry.entry.id])
        if mapped != local {
            try db.cachedStatement(sql: SettleSQL.mapIdentifier).execute(arguments: [local, mapped])
            try db.cachedStatement(sql: SettleSQL.moveEntries).execute(arguments: [mapped, local])
            if db.changesCount == 0,
                try Bool.fetchOne(db.cachedStatement(sql: SettleSQL.hasEntries), arguments: [mapped]) == false
            {
                // The usual create: nothing else waits for the document, so its local version
                // goes under either id, and no entry needs rebasing.
                try db.cachedStatement(sql: SettleSQL.dropBothVersions).execute(arguments: [local, mapped])
                try db.cachedStatement(sql: SettleSQL.moveLocalState).execute(
                    arguments: [mapped, LocalStateEntity.document, local])
                return
            }
            try db.cachedStatement(sql: SettleSQL.dropLocalVersion).execute(arguments: [mapped])
            try db.cachedStatement(sql: SettleSQL.moveLocalVersion).execute(arguments: [mapped, local])
            try db.cachedStatement(sql: SettleSQL.moveLocalState).execute(
                arguments: [mapped, LocalStateEntity.document, local])
        }
        if let etag = completion.etag {
            try db.cachedStatement(sql: SettleSQL.rebase).execute(
                arguments: [etag, mapped, OutboxEntry.State.pending.rawValue])
        }
        try db.cachedStatement(sql: SettleSQL.dropSettledLocalVersion).execute(arguments: [mapped, mapped])
    }

    /// Settles a batch's usual creates together, a few statements for all of them, and returns
    /// the other completions, in order, for ``settle(_:_:)``.
    ///
    /// A create is usual when its document (under either id) is in no other completion of the
    /// batch and no other entry waits for it: settling it is then the shortcut of `settle` (its
    /// entry leaves, its ids are mapped, both local versions go and its local state moves to the
    /// server's id), which cost six statements per create, most of a batch's settling.
    private static func settleUsualCreates(_ completions: [Completion], _ db: Database) throws -> [Completion] {
        var uses: [Int: Int] = [:]
        for completion in completions {
            for id in Set([completion.localID, completion.mappedID]) { uses[id, default: 0] += 1 }
        }
        let candidates = completions.filter {
            $0.localID != $0.mappedID && uses[$0.localID] == 1 && uses[$0.mappedID] == 1
        }
        guard !candidates.isEmpty else { return completions }
        var usual: Set<Int> = []  // entry numbers
        for start in stride(from: 0, to: candidates.count, by: 400) {
            let chunk = candidates[start..<min(start + 400, candidates.count)]
            // A candidate's own entry leaves first (as in `settle`), whether or not it is usual.
            try db.execute(
                sql:
                    "DELETE FROM \(SettleSQL.outbox) WHERE \(OutboxRecord.Columns.seq.name) IN (\(marks(chunk.count)))",
                arguments: StatementArguments(chunk.map(\.entry.entry.id)))
            let ids = chunk.flatMap { [$0.localID, $0.mappedID] }
            let waited = try Set(
                Int.fetchAll(
                    db,
                    sql:
                        "SELECT \(SettleSQL.documentID) FROM \(SettleSQL.outbox) WHERE \(SettleSQL.documentID) IN (\(marks(ids.count)))",
                    arguments: StatementArguments(ids)))
            let settled = chunk.filter { !waited.contains($0.localID) && !waited.contains($0.mappedID) }
            guard !settled.isEmpty else { continue }
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO \(IDMappingRecord.databaseTableName) \
                    (\(IDMappingRecord.Columns.localId.name), \(IDMappingRecord.Columns.serverId.name)) \
                    VALUES \(Array(repeating: "(?, ?)", count: settled.count).joined(separator: ", "))
                    """,
                arguments: StatementArguments(settled.flatMap { [$0.localID, $0.mappedID] }))
            let versions = settled.flatMap { [$0.localID, $0.mappedID] }
            try db.execute(
                sql: "DELETE FROM \(SettleSQL.pending) WHERE \(SettleSQL.pendingID) IN (\(marks(versions.count)))",
                arguments: StatementArguments(versions))
            let locals = settled.map(\.localID)
            let withState = try Set(
                Int.fetchAll(
                    db,
                    sql: """
                        SELECT \(LocalStateRecord.Columns.id.name) FROM \(LocalStateRecord.databaseTableName) \
                        WHERE \(LocalStateRecord.Columns.entity.name) = ? \
                        AND \(LocalStateRecord.Columns.id.name) IN (\(marks(locals.count)))
                        """,
                    arguments: StatementArguments(
                        [LocalStateEntity.document] as [any DatabaseValueConvertible] + locals)))
            for completion in settled where withState.contains(completion.localID) {
                try db.cachedStatement(sql: SettleSQL.moveLocalState).execute(
                    arguments: [completion.mappedID, LocalStateEntity.document, completion.localID])
            }
            usual.formUnion(settled.map(\.entry.entry.id))
        }
        return completions.filter { !usual.contains($0.entry.entry.id) }
    }

    /// `count` SQL parameter marks separated by commas.
    private static func marks(_ count: Int) -> String { databaseQuestionMarks(count: count) }

    /// Changes one entry in its own transaction.
    private func update(_ seq: Int, _ change: @escaping (inout OutboxRecord) -> Void) throws(StorageError) {
        try write { db in
            guard var record = try OutboxRecord.fetchOne(db, key: seq) else { return }
            change(&record)
            try record.update(db)
        }
    }
}

/// The statements that settle an accepted entry, named after the records' tables and columns.
private enum SettleSQL {
    static let outbox = OutboxRecord.databaseTableName
    static let documentID = OutboxRecord.Columns.documentId.name
    static let pending = PendingDocumentRecord.databaseTableName
    static let pendingID = PendingDocumentRecord.Columns.id.name

    static let deleteEntry = "DELETE FROM \(outbox) WHERE \(OutboxRecord.Columns.seq.name) = ?"
    static let mapIdentifier = """
        INSERT OR REPLACE INTO \(IDMappingRecord.databaseTableName) \
        (\(IDMappingRecord.Columns.localId.name), \(IDMappingRecord.Columns.serverId.name)) VALUES (?, ?)
        """
    static let moveEntries = "UPDATE \(outbox) SET \(documentID) = ? WHERE \(documentID) = ?"
    static let dropLocalVersion = "DELETE FROM \(pending) WHERE \(pendingID) = ?"
    static let hasEntries = "SELECT EXISTS (SELECT 1 FROM \(outbox) WHERE \(documentID) = ?)"
    static let dropBothVersions = "DELETE FROM \(pending) WHERE \(pendingID) IN (?, ?)"
    static let moveLocalVersion = "UPDATE \(pending) SET \(pendingID) = ? WHERE \(pendingID) = ?"
    static let moveLocalState = """
        UPDATE OR REPLACE \(LocalStateRecord.databaseTableName) SET \(LocalStateRecord.Columns.id.name) = ? \
        WHERE \(LocalStateRecord.Columns.entity.name) = ? AND \(LocalStateRecord.Columns.id.name) = ?
        """
    static let rebase = """
        UPDATE \(outbox) SET \(OutboxRecord.Columns.baseETag.name) = ? \
        WHERE \(documentID) = ? AND \(OutboxRecord.Columns.state.name) = ?
        """
    static let dropSettledLocalVersion = """
        DELETE FROM \(pending) WHERE \(pendingID) = ? \
        AND NOT EXISTS (SELECT 1 FROM \(outbox) WHERE \(documentID) = ?)
        """
}

extension OutboxStore.Completion {
    /// The document's id as the entry stored it.
    fileprivate var localID: Int { entry.entry.documentId.rawValue }
    /// The document's id once settled: the server's for a create, else the same.
    fileprivate var mappedID: Int { serverID.map { $0.rawValue } ?? localID }
}
