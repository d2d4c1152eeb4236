public import Domain
public import Foundation
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
        let ids =
            (try? database.read { db in
                try Int.fetchAll(db, PendingDocumentRecord.select(PendingDocumentRecord.Columns.id))
            }) ?? []
        pendingIDs = Mutex(Set(ids))
    }

    deinit {
        Logger(label: "strata.data.sync").debug("deinit OutboxStore")
    }

    /// Whether the document has changes not sent yet (or was created here and not mapped yet).
    public func hasPending(_ id: Document.ID) -> Bool {
        pendingIDs.withLock { $0.contains(id.rawValue) }
    }

    /// Whether any document has changes not sent yet.
    public var hasAnyPending: Bool { pendingIDs.withLock { !$0.isEmpty } }

    /// One stored entry with everything needed to send it.
    public struct StoredEntry: Sendable, Equatable {
        /// The public view of the entry.
        public let entry: OutboxEntry
        /// The fields a create or update sends (`nil` when the payload is missing or damaged).
        let change: OutboxRecord.Change?
        /// The server version the change was made against.
        let baseETag: String?
        /// Sent as `Idempotency-Key`.
        let idempotencyKey: String
        /// The server's version when the entry is in conflict.
        let remote: Document?
        /// The validator the server sent with ``remote``, exactly as sent.
        let remoteETag: String?
    }

    /// Saves a new document on this device under the next identifier it issues, with its
    /// outbox entry.
    public func recordCreate(_ draft: DocumentDraft, now: Date) throws(StorageError) -> Document {
        guard let created = try recordCreates([draft], now: now).first else { throw .corruptRow("no document created") }
        return created
    }

    /// Saves several new documents on this device in one transaction, each under the next
    /// identifier it issues, with their outbox entries.
    public func recordCreates(_ drafts: [DocumentDraft], now: Date) throws(StorageError) -> [Document] {
        let next = try database.read { db in try Self.nextLocalID(db) }
        return try write(affecting: Array((next - drafts.count - 1)...next)) { db in
            var lowest = try Self.nextLocalID(db)
            var created: [Document] = []
            var entries: [OutboxRecord] = []
            created.reserveCapacity(drafts.count)
            entries.reserveCapacity(drafts.count)
            for draft in drafts {
                guard let id = Document.ID(rawValue: lowest) else { throw StorageError.corruptRow("next local id 0") }
                created.append(
                    Document(
                        id: id, title: draft.title, body: draft.body, tags: draft.tags, createdAt: now, updatedAt: now,
                        version: 0, syncState: .synced))
                entries.append(try OutboxRecord(.create, documentId: id, change: .init(draft), baseETag: nil, now: now))
                lowest -= 1
            }
            // Local ids are never reused, so no row has these keys: batch statements (64 rows each)
            // instead of an upsert and an insert built for every draft.
            try PendingDocumentRecord.replaceAll(created.map { PendingDocumentRecord($0, deleted: false) }, db)
            try OutboxRecord.replaceAll(entries, db)  // the queue numbers them in this order
            try SyncValueRecord.set(.nextLocalId, String(lowest), db)
            return created
        }
    }

    /// Saves changes to `updated` (already applied) with their outbox entry.
    public func recordUpdate(
        _ updated: Document, changes: DocumentChanges, baseETag: String?, now: Date
    ) throws(StorageError) {
        try write(affecting: [updated.id.rawValue]) { db in
            try PendingDocumentRecord(updated, deleted: false).upsert(db)
            let base = try Self.base(of: updated.id, given: baseETag, db)
            var entry = try OutboxRecord(
                .update, documentId: updated.id, change: .init(changes), baseETag: base, now: now)
            try entry.insert(db)
        }
    }

    /// Marks `document` deleted on this device with its outbox entry; a document that never
    /// reached the server is simply dropped with its entries.
    public func recordDelete(_ document: Document, baseETag: String?, now: Date) throws(StorageError) {
        try write(affecting: [document.id.rawValue]) { db in
            guard document.id.isIssuedByServer else {
                try Self.forget(document.id.rawValue, db)
                return
            }
            try PendingDocumentRecord(document, deleted: true).upsert(db)
            let base = try Self.base(of: document.id, given: baseETag, db)
            var entry = try OutboxRecord(.delete, documentId: document.id, change: nil, baseETag: base, now: now)
            try entry.insert(db)
        }
    }

    /// Saves the local version of a document shown while its changes wait.
    public func replacePending(_ document: Document) throws(StorageError) {
        try write(affecting: [document.id.rawValue]) { db in
            try PendingDocumentRecord(document, deleted: false).upsert(db)
        }
    }

    /// Drops every unsent change to a document and its local version (the server's wins).
    public func discardChanges(to id: Document.ID) throws(StorageError) {
        try write(affecting: [id.rawValue]) { db in try Self.forget(id.rawValue, db) }
    }

    /// A value kept between syncs.
    func value(_ key: SyncValueRecord.Key) throws(StorageError) -> String? {
        try database.read { db in try SyncValueRecord.value(key, db) }
    }

    /// Keeps a value between syncs.
    func setValue(_ value: String, for key: SyncValueRecord.Key) throws(StorageError) {
        try database.write { db in try SyncValueRecord.set(key, value, db) }
    }

    /// Runs `updates` in one write transaction; afterwards the in-memory set of pending ids is
    /// corrected for `affecting` (the ids the updates may have added or removed), in O(ids).
    func write<Value>(affecting ids: [Int] = [], _ updates: (Database) throws -> Value) throws(StorageError) -> Value {
        let (value, present) = try database.write { db in
            let value = try updates(db)
            guard !ids.isEmpty else { return (value, [Int]()) }
            let present = try Int.fetchAll(
                db, PendingDocumentRecord.select(PendingDocumentRecord.Columns.id).filter(keys: ids))
            return (value, present)
        }
        if !ids.isEmpty {
            pendingIDs.withLock { set in
                set.subtract(ids)
                set.formUnion(present)
            }
        }
        return value
    }
}

// MARK: - Private

extension OutboxStore {
    private static func nextLocalID(_ db: Database) throws -> Int {
        try SyncValueRecord.value(.nextLocalId, db).flatMap(Int.init) ?? -1
    }

    /// The version a new change to `id` is made against, read in the change's own transaction.
    ///
    /// That of the document's oldest entry while it has one (settling it rebases the rest), else
    /// the validator cached on this device, else `given`. Another process sharing the database
    /// may have settled an entry since the caller looked, and a validator read before that
    /// would make this device conflict with itself.
    private static func base(of id: Document.ID, given: String?, _ db: Database) throws -> String? {
        if let oldest = try OutboxRecord.filter(OutboxRecord.Columns.documentId == id.rawValue)
            .order(OutboxRecord.Columns.seq).fetchOne(db)
        {
            return oldest.baseETag
        }
        let cached = try CacheMetadataRecord.fetchOne(db, key: DocumentRecord.metadataKey(id))
        return cached?.etag ?? given
    }

    /// Drops a document's entries and its local version.
    static func forget(_ id: Int, _ db: Database) throws {
        try OutboxRecord.filter(OutboxRecord.Columns.documentId == id).deleteAll(db)
        try PendingDocumentRecord.deleteOne(db, key: id)
    }
}
