import Foundation
import GRDB

/// The changes to features' items waiting to be sent, oldest first, beside the items' rows: a
/// change and the row it makes are written in one transaction, so what the user was told is saved
/// is both shown and sent.
struct ResourceOutbox: Sendable {
    /// One waiting change.
    typealias Entry = ResourceOutboxRecord

    let database: AppDatabase

    /// The next identifier this device issues for an item of `collection` (-1, -2, …), never reused.
    static func nextLocalID(_ collection: String, _ db: Database) throws -> Int {
        let last =
            try Int.fetchOne(
                db.cachedStatement(sql: "SELECT last FROM resource_local_id WHERE collection = ?"),
                arguments: [collection]) ?? 0
        try db.cachedStatement(sql: "INSERT OR REPLACE INTO resource_local_id (collection, last) VALUES (?, ?)")
            .execute(arguments: [collection, last - 1])
        return last - 1
    }

    /// Queues a change in `db`'s transaction.
    static func record(
        _ operation: Entry.Operation, collection: String, itemID: Int, body: Data?, baseETag: String?,
        now: Date, _ db: Database
    ) throws {
        var entry = Entry(
            seq: try nextNumber(db), collection: collection, itemId: itemID, operation: operation, body: body,
            baseETag: baseETag, idempotencyKey: UUID().uuidString, attempts: 0, state: .pending, lastError: nil,
            createdAt: now, remote: nil, remoteETag: nil)
        try entry.insert(db)
    }

    /// The number of the next change, shared with the documents' outbox.
    ///
    /// One numbering, so `outbox list`, `outbox retry` and `outbox discard` name any change by its
    /// number alone. The documents' outbox numbers its changes itself (SQLite's `AUTOINCREMENT`), after the
    /// highest its sequence holds, so this one raises that too.
    static func nextNumber(_ db: Database) throws -> Int {
        let last =
            try Int.fetchOne(
                db.cachedStatement(
                    sql: "SELECT MAX(seq) FROM sqlite_sequence WHERE name IN ('outbox', 'resource_outbox')")) ?? 0
        try raiseDocumentsSequence(to: last + 1, db)
        return last + 1
    }

    /// Makes the documents' outbox number its next change after `number`.
    static func raiseDocumentsSequence(to number: Int, _ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = 'outbox'")
            .execute(arguments: [number])
        if db.changesCount == 0 {
            try db.cachedStatement(sql: "INSERT INTO sqlite_sequence (name, seq) VALUES ('outbox', ?)")
                .execute(arguments: [number])
        }
    }

    /// Whether the item has changes that have not reached the server.
    static func hasChanges(_ collection: String, itemID: Int, _ db: Database) throws -> Bool {
        try Entry.filter(Entry.Columns.collection == collection && Entry.Columns.itemId == itemID).fetchCount(db) > 0
    }

    /// Drops every change to an item (one created here and deleted before it was sent).
    static func forget(_ collection: String, itemID: Int, _ db: Database) throws {
        _ = try Entry.filter(Entry.Columns.collection == collection && Entry.Columns.itemId == itemID).deleteAll(db)
    }

    /// The server identifier a device identifier became, if the item reached the server.
    static func serverID(_ collection: String, local: Int, _ db: Database) throws -> Int? {
        try Int.fetchOne(
            db.cachedStatement(sql: "SELECT server_id FROM resource_id_map WHERE collection = ? AND local_id = ?"),
            arguments: [collection, local])
    }

    /// The server took `entry`: it leaves the queue; an item created here takes the server's
    /// identifier in later changes; later changes are rebased on `etag`.
    static func completed(_ entry: Entry, serverID: Int, etag: String?, _ db: Database) throws {
        _ = try Entry.deleteOne(db, key: entry.seq)
        if serverID != entry.itemId {
            try db.cachedStatement(
                sql: "INSERT OR REPLACE INTO resource_id_map (collection, local_id, server_id) VALUES (?, ?, ?)"
            ).execute(arguments: [entry.collection, entry.itemId, serverID])
            try db.cachedStatement(
                sql: "UPDATE resource_outbox SET item_id = ? WHERE collection = ? AND item_id = ?"
            ).execute(arguments: [serverID, entry.collection, entry.itemId])
        }
        if let etag {
            try db.cachedStatement(
                sql: """
                    UPDATE resource_outbox SET base_etag = ? WHERE collection = ? AND item_id = ? AND state = 'pending'
                    """
            ).execute(arguments: [etag, entry.collection, serverID])
        }
    }

    /// The pending changes, oldest first, at most `limit`.
    func pending(limit: Int) throws(StorageError) -> [Entry] {
        try database.read { db in
            try Entry.filter(Entry.Columns.state == Entry.State.pending.rawValue)
                .order(Entry.Columns.seq).limit(limit).fetchAll(db)
        }
    }

    /// Every change, oldest first.
    func entries() throws(StorageError) -> [Entry] {
        try database.read { db in try Entry.order(Entry.Columns.seq).fetchAll(db) }
    }

    /// The change numbered `seq`, if it is one of the features'.
    func entry(_ seq: Int) throws(StorageError) -> Entry? {
        try database.read { db in try Entry.fetchOne(db, key: seq) }
    }

    /// Puts a parked change back in the queue under a new idempotency key (the old one would only
    /// replay the refusal); a change in conflict goes over the server's version the user saw (its
    /// current one when none was kept), and only over that one.
    func requeue(_ entry: Entry) throws(StorageError) {
        try database.write { db in
            var assignments = [
                Entry.Columns.state.set(to: Entry.State.pending.rawValue),
                Entry.Columns.idempotencyKey.set(to: UUID().uuidString), Entry.Columns.lastError.set(to: nil),
            ]
            if entry.state == .conflict {
                assignments += [
                    Entry.Columns.baseETag.set(to: entry.remoteETag), Entry.Columns.remote.set(to: nil),
                    Entry.Columns.remoteETag.set(to: nil),
                ]
            }
            _ = try Entry.filter(key: entry.seq).updateAll(db, assignments)
        }
    }

    /// How many changes wait, how many the server refused, and how many wait for the user.
    func counts() throws(StorageError) -> (pending: Int, parked: Int, conflicts: Int) {
        try database.read { db in
            let pending = try Entry.filter(Entry.Columns.state == Entry.State.pending.rawValue).fetchCount(db)
            let conflicts = try Entry.filter(Entry.Columns.state == Entry.State.conflict.rawValue).fetchCount(db)
            return (pending, try Entry.fetchCount(db) - pending - conflicts, conflicts)
        }
    }

    /// The items with a change in conflict: their later changes wait behind it.
    func itemsInConflict() throws(StorageError) -> Set<String> {
        try database.read { db in
            Set(
                try Entry.filter(Entry.Columns.state == Entry.State.conflict.rawValue).fetchAll(db).map {
                    "\($0.collection)/\($0.itemId)"
                })
        }
    }

    /// The server has another version of the item and the policy asks the user: the change is
    /// kept, no longer sent, until it is retried (sent over the server's version) or discarded.
    func markConflict(_ entry: Entry) throws(StorageError) {
        try database.write { db in
            _ = try Entry.filter(key: entry.seq).updateAll(
                db, Entry.Columns.state.set(to: Entry.State.conflict.rawValue),
                Entry.Columns.lastError.set(to: "the server has another version"))
        }
    }

    /// Keeps the server's version beside a change about to be marked in conflict.
    func keepRemote(_ entry: Entry, remote: Data?, etag: String?) throws(StorageError) {
        try database.write { db in
            _ = try Entry.filter(key: entry.seq).updateAll(
                db, Entry.Columns.remote.set(to: remote), Entry.Columns.remoteETag.set(to: etag))
        }
    }

    /// Sending failed for a reason that may pass: counted, kept pending.
    func failedAttempt(_ entry: Entry, error: String) throws(StorageError) {
        try database.write { db in
            _ = try Entry.filter(key: entry.seq).updateAll(
                db, Entry.Columns.attempts.set(to: Entry.Columns.attempts + 1), Entry.Columns.lastError.set(to: error))
        }
    }

    /// The server refused the change for good: kept, with the reason, and no longer sent.
    func park(_ entry: Entry, error: String) throws(StorageError) {
        try database.write { db in
            _ = try Entry.filter(key: entry.seq).updateAll(
                db, Entry.Columns.state.set(to: Entry.State.parked.rawValue),
                Entry.Columns.attempts.set(to: Entry.Columns.attempts + 1), Entry.Columns.lastError.set(to: error))
        }
    }
}
