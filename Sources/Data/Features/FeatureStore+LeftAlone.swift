import Domain
import Foundation
import GRDB
import Logging

extension FeatureStore {
    /// Keeps `ids` (server identifiers) among the items a pull passed by while they had unsent
    /// changes, so the version it did not write is fetched once the changes are gone.
    static func rememberLeftAlone(_ ids: [Int], _ db: Database) throws {
        guard !ids.isEmpty else { return }
        let remembered = try SyncValueRecord.leftAlone(in: Resource.collection, db)
        guard !remembered.isSuperset(of: ids) else { return }
        try SyncValueRecord.setLeftAlone(remembered.union(ids), in: Resource.collection, db)
    }

    /// Brings the server's version of each item a pull passed by while it had unsent changes, now
    /// that they are gone without an answer that carried it: the user kept the server's side of a
    /// conflict, or discarded the change.
    ///
    /// The change list will not name those versions again, so the device would keep the one the
    /// conflict held (or none) for good. An item whose changes still wait stays remembered; one
    /// whose changes were sent and answered is fetched once more, which changes nothing.
    func refreshLeftAlone(into report: inout SyncReport) async throws(SyncError) {
        let due = try engineStorage { () throws(StorageError) in
            try database.read { db in
                try SyncValueRecord.leftAlone(in: Resource.collection, db)
                    .subtracting(Outbox.itemsWithChanges(in: Resource.collection, db))
            }
        }
        for number in due.sorted() {
            guard let id = ID.server(number) else {
                try forgetLeftAlone(number)  // no item has it
                continue
            }
            let remote: Remote?
            do {
                remote = try await fetchRemote(number)
            } catch {
                // Tried again at the next pull (the engine says how many changes wait). But an answer
                // this build cannot use stops no sync, as an unreadable item of a change list does
                // not: the device keeps its copy, which a read revalidates.
                let unusable = if case .invalidData = error { true } else { false }
                if !unusable, error.mayPass || error == .unauthorized { throw error.syncFailure(pending: 0) }
                logger.warning("could not bring \(Resource.collection) \(number) up to date: \(error)")
                try forgetLeftAlone(number)
                continue
            }
            lists.evacuateMemory()
            let written = try engineStorage { () throws(StorageError) in
                try database.write { db -> Bool in
                    try Self.forgetLeftAlone(number, db)
                    // Changed again here meanwhile: the answer to that change brings the server's version.
                    guard try !Outbox.itemsWithChanges(in: Resource.collection, db).contains(number) else {
                        return false
                    }
                    try RecordStore<Resource.Record>.delete([id], db)
                    if let remote {
                        let metadata = CacheMetadata(fetchedAt: now(), etag: remote.etag)
                        try Self.writeRow(remote.item, id: id, metadata: metadata, db)
                    }
                    try ListRecord<Resource>.dropAll(db)
                    return true
                }
            }
            source.forgetInMemory([id])
            lists.evacuateMemory()
            guard written else { continue }
            if remote == nil { report.deleted += 1 } else { report.pulled += 1 }
        }
    }

    /// Takes `number` off the items the pull left alone.
    private func forgetLeftAlone(_ number: Int) throws(SyncError) {
        try engineStorage { () throws(StorageError) in try database.write { db in try Self.forgetLeftAlone(number, db) }
        }
    }

    /// Takes `number` off the items the pull left alone, in a transaction.
    private static func forgetLeftAlone(_ number: Int, _ db: Database) throws {
        var remembered = try SyncValueRecord.leftAlone(in: Resource.collection, db)
        remembered.remove(number)
        try SyncValueRecord.setLeftAlone(remembered, in: Resource.collection, db)
    }
}
