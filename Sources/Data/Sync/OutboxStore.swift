import Domain
import Foundation
import GRDB
import Logging
import Synchronization

/// The durable outbox: changes made on this device, each written in the same SQLite transaction
/// as the document state the user sees, so nothing acknowledged is lost by a crash.
///
/// `pending_document` holds the local version of every document with unsent changes; the cache
/// tables keep holding the server's versions, untouched by local edits.
public final class OutboxStore: Sendable {
    let database: AppDatabase
    /// The ids in `pending_document`, refreshed by every write: reads of documents without
    /// local changes (nearly all) cost a set lookup, not a query.
    let pendingIDs: Mutex<Set<Int>>

    /// Creates the store over the app's database.
    public init(database: AppDatabase) {
        self.database = database
        let ids = (try? database.pool.read { db in try Int.fetchAll(db, sql: "SELECT id FROM pending_document") }) ?? []
        pendingIDs = Mutex(Set(ids))
    }

    deinit {
        Logger(label: "strata.data.sync").debug("deinit OutboxStore")
    }

    /// Whether the document has changes not sent yet (or was created here and not mapped yet).
    public func hasPending(_ id: Int) -> Bool {
        pendingIDs.withLock { $0.contains(id) }
    }

    /// Whether any document has changes not sent yet.
    public var hasAnyPending: Bool { pendingIDs.withLock { !$0.isEmpty } }

    /// One stored entry with everything needed to send it.
    public struct StoredEntry: Sendable, Equatable {
        /// The public view of the entry.
        public let entry: OutboxEntry
        /// The draft or changes, as JSON.
        let payload: Foundation.Data?
        /// The server version the change was made against.
        let baseETag: String?
        /// Sent as `Idempotency-Key`.
        let idempotencyKey: String
        /// The server's version when the entry is in conflict.
        let remote: Document?
    }

    /// Saves a new document on this device under the next negative id, with its outbox entry.
    public func recordCreate(_ draft: DocumentDraft, now: Date) throws(StorageError) -> Document {
        let next = try read { db in
            try Int.fetchOne(db, sql: "SELECT value FROM sync_state WHERE key = 'nextLocalId'") ?? -1
        }
        return try write(affecting: [next, next - 1]) { db in
            let lowest = try Int.fetchOne(db, sql: "SELECT value FROM sync_state WHERE key = 'nextLocalId'") ?? -1
            try db.execute(
                sql: "INSERT OR REPLACE INTO sync_state (key, value) VALUES ('nextLocalId', ?)",
                arguments: [String(lowest - 1)])
            let document = Document(
                id: lowest, title: draft.title, body: draft.body, tags: draft.tags, createdAt: now, updatedAt: now,
                version: 0)
            try Self.savePending(document, deleted: false, db)
            try Self.append(.create, documentId: lowest, payload: try Self.encode(draft), base: nil, now: now, db)
            return document
        }
    }

    /// Saves changes to `updated` (already applied) with their outbox entry.
    public func recordUpdate(
        _ updated: Document, changes: DocumentChanges, baseETag: String?, now: Date
    ) throws(StorageError) {
        try write(affecting: [updated.id]) { db in
            try Self.savePending(updated, deleted: false, db)
            try Self.append(
                .update, documentId: updated.id, payload: try Self.encode(changes), base: baseETag, now: now, db)
        }
    }

    /// Marks `document` deleted on this device with its outbox entry; a document that never
    /// reached the server is simply dropped with its entries.
    public func recordDelete(_ document: Document, baseETag: String?, now: Date) throws(StorageError) {
        try write(affecting: [document.id]) { db in
            if document.id < 0 {
                try db.execute(sql: "DELETE FROM outbox WHERE document_id = ?", arguments: [document.id])
                try db.execute(sql: "DELETE FROM pending_document WHERE id = ?", arguments: [document.id])
                return
            }
            try Self.savePending(document, deleted: true, db)
            try Self.append(.delete, documentId: document.id, payload: nil, base: baseETag, now: now, db)
        }
    }

    /// The local version of a document with unsent changes: `nil` when there is none, `deleted`
    /// when it was deleted here.
    public func pendingDocument(_ id: Int) throws(StorageError) -> (document: Document, deleted: Bool)? {
        guard hasPending(id) else { return nil }
        return try read { db in
            try Row.fetchOne(db, sql: Self.selectPending + " WHERE p.id = ?", arguments: [id]).map(Self.pending)
        }
    }

    /// Every document with unsent changes.
    public func pendingDocuments() throws(StorageError) -> [(document: Document, deleted: Bool)] {
        guard hasAnyPending else { return [] }
        return try read { db in try Row.fetchAll(db, sql: Self.selectPending).map(Self.pending) }
    }

    /// The server id a document created offline got, once sent.
    public func serverID(forLocal id: Int) throws(StorageError) -> Int? {
        try read { db in try Int.fetchOne(db, sql: "SELECT server_id FROM id_map WHERE local_id = ?", arguments: [id]) }
    }

    /// The base version of the oldest unsent change to a document.
    public func baseETag(of id: Int) throws(StorageError) -> String? {
        try read { db in
            try String.fetchOne(
                db, sql: "SELECT base_etag FROM outbox WHERE document_id = ? ORDER BY seq LIMIT 1", arguments: [id])
        }
    }

    /// The next entry to send: the oldest pending one whose document has no entry parked or in
    /// conflict (changes to one document are sent strictly in order).
    public func nextEntry() throws(StorageError) -> StoredEntry? {
        try read { db in
            try Row.fetchOne(
                db,
                sql: Self.selectEntry + """
                     AS e WHERE e.state = 'pending' AND NOT EXISTS
                         (SELECT 1 FROM outbox b WHERE b.document_id = e.document_id AND b.state != 'pending')
                     ORDER BY e.seq LIMIT 1
                    """
            ).map(Self.entry)
        }
    }

    /// Every entry, oldest first.
    public func entries() throws(StorageError) -> [StoredEntry] {
        try read { db in try Row.fetchAll(db, sql: Self.selectEntry + " ORDER BY seq").map(Self.entry) }
    }

    /// One entry.
    public func entry(_ seq: Int) throws(StorageError) -> StoredEntry? {
        try read { db in
            try Row.fetchOne(db, sql: Self.selectEntry + " WHERE seq = ?", arguments: [seq]).map(Self.entry)
        }
    }

    /// How many entries are pending, parked and in conflict.
    public func counts() throws(StorageError) -> (pending: Int, parked: Int, conflicts: Int) {
        try read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT state, COUNT(*) AS n FROM outbox GROUP BY state")
            var counts = (pending: 0, parked: 0, conflicts: 0)
            for row in rows {
                let n: Int = row["n"]
                switch row["state"] as String {
                case "pending": counts.pending = n
                case "parked": counts.parked = n
                default: counts.conflicts = n
                }
            }
            return counts
        }
    }

    /// The server accepted `entry`: it leaves the outbox; a created document takes its server id
    /// everywhere; later changes to the document are rebased on `etag`; and the server's version,
    /// when given, replaces the cached copy in the same transaction.
    public func completed(
        _ entry: StoredEntry, serverID: Int?, etag: String?, caching document: Document? = nil,
        maxAge: Double? = nil, now: Date = Date()
    ) throws(StorageError) {
        let cached = try document.map { document throws(StorageError) in
            (document.id, try DocumentRowCodec.values(of: document, key: document.id))
        }
        try write(affecting: [entry.entry.documentId] + (serverID.map { [$0] } ?? [])) { db in
            if let (id, values) = cached {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO document (\(DocumentRowCodec.columns.joined(separator: ", "))) "
                        + "VALUES (\(DocumentRowCodec.columns.map { _ in "?" }.joined(separator: ", ")))",
                    arguments: StatementArguments(values))
                try db.execute(
                    sql: "INSERT OR REPLACE INTO cache_metadata (key, fetched_at, etag, max_age) VALUES (?, ?, ?, ?)",
                    arguments: ["document:\(id)", now.timeIntervalSince1970, etag, maxAge])
            }
            let local = entry.entry.documentId
            try db.execute(sql: "DELETE FROM outbox WHERE seq = ?", arguments: [entry.entry.id])
            var id = local
            if let serverID, serverID != local {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO id_map (local_id, server_id) VALUES (?, ?)",
                    arguments: [local, serverID])
                try db.execute(
                    sql: "UPDATE outbox SET document_id = ? WHERE document_id = ?", arguments: [serverID, local])
                try db.execute(sql: "DELETE FROM pending_document WHERE id = ?", arguments: [serverID])
                try db.execute(sql: "UPDATE pending_document SET id = ? WHERE id = ?", arguments: [serverID, local])
                id = serverID
            }
            if let etag {
                try db.execute(
                    sql: "UPDATE outbox SET base_etag = ? WHERE document_id = ? AND state = 'pending'",
                    arguments: [etag, id])
            }
            try Self.dropPendingIfDone(id, db)
        }
    }

    /// Sending failed for a reason that may pass: counted, kept pending.
    public func failedAttempt(_ entry: StoredEntry, error: String) throws(StorageError) {
        try write { db in
            try db.execute(
                sql: "UPDATE outbox SET attempts = attempts + 1, last_error = ? WHERE seq = ?",
                arguments: [error, entry.entry.id])
        }
    }

    /// The server refused the entry for good: kept, with the reason, until retried.
    public func park(_ entry: StoredEntry, error: String) throws(StorageError) {
        try write { db in
            try db.execute(
                sql: "UPDATE outbox SET state = 'parked', attempts = attempts + 1, last_error = ? WHERE seq = ?",
                arguments: [error, entry.entry.id])
        }
    }

    /// The server's version differs: both are kept until the user chooses.
    public func markConflict(_ entry: StoredEntry, remote: Document?) throws(StorageError) {
        let encoded = try remote.map { document throws(StorageError) in try Self.encode(document) }
        try write { db in
            try db.execute(
                sql: "UPDATE outbox SET state = 'conflict', remote = ?, last_error = ? WHERE seq = ?",
                arguments: [encoded, "the server has another version", entry.entry.id])
        }
    }

    /// Puts a parked or conflicting entry back in the queue, rebased on `etag` when given.
    ///
    /// The server refused the earlier attempt, so this is a new request with a new idempotency
    /// key (the old key would only replay the refusal).
    public func requeue(_ seq: Int, rebasedOn etag: String?, replacing changes: DocumentChanges? = nil)
        throws(StorageError)
    {
        let payload = try changes.map { changes throws(StorageError) in try Self.encode(changes) }
        try write { db in
            try db.execute(
                sql: """
                    UPDATE outbox SET state = 'pending', last_error = NULL, remote = NULL,
                        base_etag = COALESCE(?, base_etag), payload = COALESCE(?, payload), idempotency_key = ?
                    WHERE seq = ?
                    """,
                arguments: [etag, payload, UUID().uuidString, seq])
        }
    }

    /// Drops every unsent change to a document and its local version (the server's wins).
    public func discardChanges(to id: Int) throws(StorageError) {
        try write(affecting: [id]) { db in
            try db.execute(sql: "DELETE FROM outbox WHERE document_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM pending_document WHERE id = ?", arguments: [id])
        }
    }

    /// Saves the local version of a document shown while its changes wait.
    public func replacePending(_ document: Document) throws(StorageError) {
        try write(affecting: [document.id]) { db in try Self.savePending(document, deleted: false, db) }
    }

    /// A value kept between syncs (`serverVersion`, `lastSyncAt`, `conflictPolicy`).
    public func value(_ key: String) throws(StorageError) -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT value FROM sync_state WHERE key = ?", arguments: [key]) }
    }

    /// Keeps a value between syncs.
    public func setValue(_ value: String, for key: String) throws(StorageError) {
        try write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO sync_state (key, value) VALUES (?, ?)", arguments: [key, value])
        }
    }

    /// Applies one page of the server's changes in one transaction.
    ///
    /// Documents with unsent local changes are left alone (their conflicts surface when they are
    /// sent). Returns the ids whose cached copy changed.
    public func applyPull(
        documents: [Document], deleted: [Int], serverVersion: Int, now: Date
    ) throws(StorageError) -> [Int] {
        let rows = try documents.map { document throws(StorageError) in
            (document.id, try DocumentRowCodec.values(of: document, key: document.id))
        }
        return try write { db in
            let pending = Set(try Int.fetchAll(db, sql: "SELECT id FROM pending_document"))
            let upsert = try db.cachedStatement(
                sql: "INSERT OR REPLACE INTO document (\(DocumentRowCodec.columns.joined(separator: ", "))) "
                    + "VALUES (\(DocumentRowCodec.columns.map { _ in "?" }.joined(separator: ", ")))")
            let metadata = try db.cachedStatement(
                sql: "INSERT OR REPLACE INTO cache_metadata (key, fetched_at, etag, max_age) VALUES (?, ?, NULL, NULL)")
            var changed: [Int] = []
            for (id, values) in rows where !pending.contains(id) {
                try upsert.execute(arguments: StatementArguments(values))
                try metadata.execute(arguments: ["document:\(id)", now.timeIntervalSince1970])
                changed.append(id)
            }
            for id in deleted where !pending.contains(id) {
                try db.execute(sql: "DELETE FROM document WHERE id = ?", arguments: [id])
                try db.execute(sql: "DELETE FROM cache_metadata WHERE key = ?", arguments: ["document:\(id)"])
                changed.append(id)
            }
            try db.execute(
                sql: "INSERT OR REPLACE INTO sync_state (key, value) VALUES ('serverVersion', ?)",
                arguments: [String(serverVersion)])
            return changed
        }
    }
}
