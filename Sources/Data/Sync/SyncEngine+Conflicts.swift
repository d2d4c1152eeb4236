public import Domain
import Foundation
import Logging

/// The conflicts of every registered collection, as the user reads and settles them, and the
/// policy each collection's follow.
extension SyncEngine {
    /// The conflicts of every collection, as fields, oldest first.
    public func conflicts() async throws(SyncError) -> [ItemConflict] {
        try store { () throws(StorageError) in
            var found: [ItemConflict] = []
            for entry in try outbox.entries() where entry.state == .conflict {
                guard let collection = collection(entry.collection) else { continue }
                if let conflict = try readConflict(entry, of: collection) { found.append(conflict) }
            }
            return found
        }
    }

    /// The conflict on item `itemId` of `collection` (documents, or a feature's), as fields;
    /// `nil` when it is in none.
    public func conflict(collection name: String, itemId: Int) async throws(SyncError) -> ItemConflict? {
        try store { () throws(StorageError) in
            guard let entry = try outbox.entries(of: name, in: .conflict).first(where: { $0.itemId == itemId }),
                let collection = collection(name)
            else { return nil }
            return try readConflict(entry, of: collection)
        }
    }

    /// Settles a conflict of any collection as the user chose: the local version (or the
    /// collection's merge) is sent over the server's version the user saw; keeping the server's
    /// drops the item's unsent changes.
    ///
    /// Returns the item's identifier now, `nil` when the side kept is a deletion.
    public func resolve(entryId: Int, keeping resolution: ConflictResolution) async throws(SyncError) -> Int? {
        let entry = try stored(entryId)
        guard entry.state == .conflict else { throw .notInConflict(entryId) }
        guard let collection = collection(entry.collection) else {
            throw .collectionNotInThisVersion(entry.collection)
        }
        guard let sides = try store({ () throws(StorageError) in try readConflict(entry, of: collection) }) else {
            throw .notInConflict(entryId)
        }
        try await collection.resolveConflict(entry, keeping: resolution)
        guard (resolution == .remote ? sides.remote : sides.local) != nil else { return nil }
        // An item this device's version created again takes the server's identifier once it is there.
        let created = try? outbox.database.read { db in try Outbox.serverID(entry.collection, local: entry.itemId, db) }
        return (created ?? nil) ?? entry.itemId
    }

    /// The policy the conflicts of `collection` follow: the one the user chose, else the one the
    /// collection declares; `nil` for a collection not registered.
    public func conflictPolicy(of collection: String) async -> ConflictPolicy? {
        self.collection(collection)?.policy
    }

    /// Makes `collection`'s conflicts follow `policy` from now on (kept across launches); false
    /// for a collection not registered.
    public func setConflictPolicy(_ policy: ConflictPolicy, for collection: String) async -> Bool {
        guard self.collection(collection) != nil else { return false }
        try? outbox.database.write { db in try SyncValueRecord.setPolicy(policy, for: collection, db) }
        return true
    }

    /// The conflict `entry` of `collection` keeps, as fields; `nil` when a version no longer reads
    /// (damaged, or the server's kept before the item's wire form changed).
    ///
    /// Such an entry is set aside with the reason, where `outbox retry` sends the change again (so
    /// the server's version is kept anew) and `outbox discard` drops it with this device's copy;
    /// the other conflicts stay readable. The same holds when this device's copy no longer reads.
    private func readConflict(
        _ entry: Outbox.Entry, of collection: any SyncedCollection
    ) throws(StorageError) -> ItemConflict? {
        do {
            return try collection.conflict(of: entry)
        } catch .corruptRow(let what) {
            logger.warning("conflict \(entry.seq ?? 0) set aside: \(what) cannot be read")
            try outbox.park(entry, error: "\(what) cannot be read: retry sends the change again, discard drops it")
            return nil
        }
    }
}
