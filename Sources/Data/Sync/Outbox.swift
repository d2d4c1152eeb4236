import Domain
import Foundation
import GRDB

/// The changes made on this device, of every collection, waiting to be sent, oldest first.
///
/// A change is written in the same transaction as the row the user sees, so what the user was
/// told is saved is both shown and sent. The static functions run inside a caller's transaction;
/// the others open their own.
struct Outbox: Sendable {
    /// One waiting change.
    typealias Entry = OutboxRecord

    /// An item of a collection: what a change is to.
    struct Item: Hashable, Sendable {
        let collection: String
        let id: Int
    }

    let database: AppDatabase

    /// The next `count` identifiers this device issues for items of `collection`, in order (-1, -2,
    /// …), never reused.
    static func nextLocalIDs(_ collection: String, count: Int, _ db: Database) throws -> [Int] {
        let last =
            try Int.fetchOne(
                db.cachedStatement(sql: "SELECT last FROM resource_local_id WHERE collection = ?"),
                arguments: [collection]) ?? 0
        try db.cachedStatement(sql: "INSERT OR REPLACE INTO resource_local_id (collection, last) VALUES (?, ?)")
            .execute(arguments: [collection, last - count])
        return (1...max(count, 1)).map { last - $0 }
    }

    /// The validator a new change to the item is made against, read in the change's own
    /// transaction: that of the item's oldest waiting change while it has one (settling it rebases
    /// the rest), else the one cached with its row (`metadataKey`).
    ///
    /// Another process sharing the database may have settled a change since the caller looked, and a
    /// validator read before that would make this device conflict with itself (ADR 0046).
    static func base(of item: Item, metadataKey: String, _ db: Database) throws -> String? {
        if let oldest = try Entry.filter(Entry.Columns.collection == item.collection && Entry.Columns.itemId == item.id)
            .order(Entry.Columns.seq).fetchOne(db)
        {
            return oldest.baseETag
        }
        return try CacheMetadataRecord.fetchOne(db, key: metadataKey)?.etag
    }

    /// Drops every change to an item (one created here and deleted before it was sent, or whose
    /// changes the user dropped).
    static func forget(_ item: Item, _ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM outbox WHERE collection = ? AND item_id = ?")
            .execute(arguments: [item.collection, item.id])
    }

    /// The items of `collection` that have changes not yet sent (pending, parked or in conflict).
    static func itemsWithChanges(in collection: String, _ db: Database) throws -> Set<Int> {
        Set(
            try Int.fetchAll(
                db.cachedStatement(sql: "SELECT DISTINCT item_id FROM outbox WHERE collection = ?"),
                arguments: [collection]))
    }

    /// The items among `ids` (item identifiers as stored) that have changes of `collection` not
    /// yet sent, a few hundred a statement.
    static func itemsWithChanges(
        in collection: String, among ids: [DatabaseValue], _ db: Database
    ) throws -> Set<DatabaseValue> {
        var found: Set<DatabaseValue> = []
        for part in ids.chunked(by: 500) {
            let marks = databaseQuestionMarks(count: part.count)
            found.formUnion(
                try DatabaseValue.fetchAll(
                    db, sql: "SELECT DISTINCT item_id FROM outbox WHERE collection = ? AND item_id IN (\(marks))",
                    arguments: StatementArguments([collection.databaseValue] + part)))
        }
        return found
    }

    /// The server identifier a device identifier became, if the item reached the server.
    static func serverID(_ collection: String, local: Int, _ db: Database) throws -> Int? {
        try Int.fetchOne(
            db.cachedStatement(sql: "SELECT server_id FROM resource_id_map WHERE collection = ? AND local_id = ?"),
            arguments: [collection, local])
    }

    /// The server took `settled` (changes of `collection`, one per item): they leave the queue,
    /// and the server identifiers of the items whose later changes still wait are returned.
    ///
    /// An item created here takes the server's identifier in the map, in later changes and in the
    /// device-only state kept for it (`localState`, its kind); later changes are rebased on the
    /// answer's etag. A batch's worth takes one statement per step; only the items that have later
    /// changes or device-only state are written one by one.
    static func completed(
        _ settled: [(entry: Entry, serverID: Int, etag: String?)], collection: String, localState: String,
        _ db: Database
    ) throws -> Set<Int> {
        guard !settled.isEmpty else { return [] }
        try execute(
            "DELETE FROM outbox WHERE seq IN", settled.map(\.entry.seq.databaseValue), db)
        let localIDs = settled.map(\.entry.itemId)
        let waitingLocal = Set(
            try ids(
                "SELECT DISTINCT item_id FROM outbox WHERE collection = ? AND item_id IN", of: collection,
                localIDs, db))
        let created = settled.filter { $0.serverID != $0.entry.itemId }
        for rows in created.chunked(by: 256) {
            try db.execute(
                sql: "INSERT OR REPLACE INTO resource_id_map (collection, local_id, server_id) VALUES "
                    + Array(repeating: "(?, ?, ?)", count: rows.count).joined(separator: ", "),
                arguments: StatementArguments(
                    rows.flatMap {
                        [collection.databaseValue, $0.entry.itemId.databaseValue, $0.serverID.databaseValue]
                    }))
        }
        let withState = Set(
            try ids(
                "SELECT DISTINCT id FROM local_state WHERE entity = ? AND id IN", of: localState,
                created.map(\.entry.itemId), db))
        var waiting: Set<Int> = []
        for (entry, serverID, etag) in settled {
            if serverID != entry.itemId {
                if waitingLocal.contains(entry.itemId) {
                    try db.cachedStatement(sql: "UPDATE outbox SET item_id = ? WHERE collection = ? AND item_id = ?")
                        .execute(arguments: [serverID, collection, entry.itemId])
                }
                if withState.contains(entry.itemId) {
                    try db.cachedStatement(sql: "UPDATE OR REPLACE local_state SET id = ? WHERE entity = ? AND id = ?")
                        .execute(arguments: [serverID, localState, entry.itemId])
                }
            }
            guard waitingLocal.contains(entry.itemId) else { continue }
            waiting.insert(serverID)
            if let etag {
                try db.cachedStatement(
                    sql: "UPDATE outbox SET base_etag = ? WHERE collection = ? AND item_id = ? AND state = 'pending'"
                ).execute(arguments: [etag, collection, serverID])
            }
        }
        return waiting
    }

    /// The oldest changes that can go together, at most `limit` and about `maxBytes` (the first
    /// goes whatever its size): the oldest pending change of each item of one collection (the
    /// oldest change's) that has nothing earlier waiting, parked or in conflict, leaving out the
    /// items in `busy` (a batch on its way holds them) and the collections not in `collections`.
    ///
    /// One change per item, since a later change needs what the server answers to the earlier one
    /// (its identifier, its version).
    func nextBatch(limit: Int, maxBytes: Int, busy: Set<Item>, collections: Set<String>) throws(StorageError)
        -> [Entry]
    {
        guard !collections.isEmpty else { return [] }
        let marks = databaseQuestionMarks(count: collections.count)
        return try database.read { db in
            // A correlated NOT EXISTS uses the (collection, item_id) index for each candidate; a NOT
            // IN over all waiting changes would scan the outbox for every change sent.
            let candidates = try Entry.fetchCursor(
                db.cachedStatement(
                    sql: """
                        SELECT * FROM outbox AS candidate
                        WHERE state = 'pending' AND collection IN (\(marks)) AND NOT EXISTS (
                            SELECT 1 FROM outbox AS earlier
                            WHERE earlier.collection = candidate.collection AND earlier.item_id = candidate.item_id
                            AND (earlier.state != 'pending' OR earlier.seq < candidate.seq))
                        ORDER BY seq
                        """), arguments: StatementArguments(collections.sorted()))
            var batch: [Entry] = []
            var bytes = 0
            while batch.count < limit, let entry = try candidates.next() {
                guard !busy.contains(entry.item), batch.first.map({ $0.collection == entry.collection }) ?? true
                else { continue }
                bytes += entry.sendSize
                if bytes > maxBytes && !batch.isEmpty { break }
                batch.append(entry)
            }
            return batch
        }
    }

    /// Every change, oldest first.
    func entries() throws(StorageError) -> [Entry] {
        try database.read { db in try Entry.order(Entry.Columns.seq).fetchAll(db) }
    }

    /// The change numbered `seq`.
    func entry(_ seq: Int) throws(StorageError) -> Entry? {
        try database.read { db in try Entry.fetchOne(db, key: seq) }
    }

    /// The changes of `collection` in `state`, oldest first.
    func entries(of collection: String, in state: OutboxEntry.State) throws(StorageError) -> [Entry] {
        try database.read { db in
            try Entry.filter(Entry.Columns.collection == collection && Entry.Columns.state == state.rawValue)
                .order(Entry.Columns.seq).fetchAll(db)
        }
    }

    /// Puts a parked change, or one in conflict, back in the queue under a new idempotency key
    /// (the old one would only replay the refusal), over `etag` when given and with `body` when
    /// given.
    func requeue(_ seq: Int, rebasedOn etag: String?, body: Data?) throws(StorageError) {
        try update(seq) { entry in Self.requeue(&entry, rebasedOn: etag, body: body) }
    }

    /// Queues an edit in conflict with the server's deletion of its item again as a create of
    /// `body` (a merge; nil: the edit's own): the item comes back under the server's identifier.
    func requeueAsCreate(_ seq: Int, body: Data?) throws(StorageError) {
        try update(seq) { entry in
            Self.requeue(&entry, rebasedOn: nil, body: body)
            (entry.operation, entry.baseETag) = (.create, nil)
        }
    }

    private static func requeue(_ entry: inout Entry, rebasedOn etag: String?, body: Data?) {
        entry.state = .pending
        entry.lastError = nil
        entry.remote = nil
        entry.remoteETag = nil
        entry.baseETag = etag ?? entry.baseETag
        entry.body = body ?? entry.body
        entry.idempotencyKey = UUID().uuidString
    }

    /// The server refused the change for good: kept, with the reason, and no longer sent.
    func park(_ entry: Entry, error: String) throws(StorageError) {
        try update(entry.seq ?? 0) { entry in
            entry.state = .parked
            entry.attempts += 1
            entry.lastError = error
        }
    }

    /// The server has another version and the policy asks the user: the change is kept, no longer
    /// sent, with the server's version and its validator, until the user chooses.
    func markConflict(_ entry: Entry, remote: Data?, remoteETag: String?) throws(StorageError) {
        try update(entry.seq ?? 0) { entry in
            entry.state = .conflict
            entry.remote = remote
            entry.remoteETag = remoteETag
            entry.lastError = "the server has another version"
        }
    }

    /// Sending failed for a reason that may pass (no answer, or a server that failed): each
    /// change counted, all kept pending, in one transaction.
    func failedAttempts(_ entries: [Entry], error: String) throws(StorageError) {
        try database.write { db in
            _ = try Entry.filter(keys: entries.compactMap(\.seq)).updateAll(
                db, Entry.Columns.attempts.set(to: Entry.Columns.attempts + 1), Entry.Columns.lastError.set(to: error))
        }
    }
}

extension Outbox.Entry {
    /// The item the change is to.
    var item: Outbox.Item { Outbox.Item(collection: collection, id: itemId) }

    /// About how many bytes the change takes in a batch's JSON: its body, key and validator as
    /// stored, and the members around them (method, path, names and punctuation).
    var sendSize: Int {
        (operation == .create ? 70 : 110) + collection.utf8.count + (body?.count ?? 0) + idempotencyKey.utf8.count
            + (baseETag?.utf8.count ?? 0)
    }
}

// MARK: - Private

extension Outbox {
    /// Changes one change in its own transaction.
    private func update(_ seq: Int, _ change: @escaping (inout Entry) -> Void) throws(StorageError) {
        try database.write { db in
            guard var entry = try Entry.fetchOne(db, key: seq) else { return }
            change(&entry)
            try entry.update(db)
        }
    }

    /// Runs `sql` (ending in `IN`) over `values`, a few hundred at a time.
    private static func execute(_ sql: String, _ values: [DatabaseValue], _ db: Database) throws {
        for part in values.chunked(by: 500) {
            try db.execute(
                sql: "\(sql) (\(databaseQuestionMarks(count: part.count)))", arguments: StatementArguments(part))
        }
    }

    /// The identifiers `sql` (taking `scope`, then ending in `IN`) selects among `ids`, a few
    /// hundred at a time.
    private static func ids(_ sql: String, of scope: String, _ ids: [Int], _ db: Database) throws -> [Int] {
        var found: [Int] = []
        for part in ids.chunked(by: 500) {
            found += try Int.fetchAll(
                db, sql: "\(sql) (\(databaseQuestionMarks(count: part.count)))",
                arguments: StatementArguments([scope.databaseValue] + part.map(\.databaseValue)))
        }
        return found
    }
}
