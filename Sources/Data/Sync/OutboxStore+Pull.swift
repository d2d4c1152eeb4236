public import Domain
public import Foundation
import GRDB

extension OutboxStore {
    /// Applies one page of the server's changes in one transaction.
    ///
    /// Documents with unsent local changes are left alone (their conflicts surface when they are
    /// sent). Returns the ids whose cached copy changed.
    public func applyPull(
        documents: [Document], validators: [Document.ID: String] = [:], deleted: [Document.ID], serverVersion: Int,
        now: Date
    ) throws(StorageError) -> [Document.ID] {
        try write { db in
            let pending = Set(try Int.fetchAll(db, PendingDocumentRecord.select(PendingDocumentRecord.Columns.id)))
            let fresh = documents.filter { !pending.contains($0.id.rawValue) }
            try RecordStore<DocumentRecord>.write(
                fresh.map { document in
                    (
                        key: document.id, record: DocumentRecord(document),
                        metadata: CacheMetadata(fetchedAt: now, etag: validators[document.id])
                    )
                }, db)
            let gone = deleted.filter { !pending.contains($0.rawValue) }
            for id in gone { try RecordStore<DocumentRecord>.delete(id, db) }
            try SyncValueRecord.set(.serverVersion, String(serverVersion), db)
            return fresh.map(\.id) + gone
        }
    }

    /// Moves the stored server version past the announced changes this device already holds, in
    /// their order, and returns the version it reaches.
    ///
    /// A change is held when it follows the stored version directly and is not a deletion, and
    /// the document either has the change's version (or a newer one) in the cache — the device
    /// made it, and settled the answer — or has local changes (a pull would leave it alone).
    /// The first change that is not held stops it: a pull brings that one and the rest.
    public func skipHeld(_ changes: [AnnouncedChange]) throws(StorageError) -> Int {
        try write { db in
            let stored = try SyncValueRecord.value(.serverVersion, db).flatMap(Int.init) ?? 0
            var reached = stored
            let pending = Set(try Int.fetchAll(db, PendingDocumentRecord.select(PendingDocumentRecord.Columns.id)))
            let cachedVersion = try db.cachedStatement(
                sql:
                    "SELECT \(DocumentRecord.Columns.version.name) FROM \(DocumentRecord.databaseTableName) WHERE \(DocumentRecord.Columns.id.name) = ?"
            )
            for change in changes where change.serverVersion > reached {
                guard change.after == reached, !change.deleted else { break }
                let held =
                    try pending.contains(change.id)
                    || (Int.fetchOne(cachedVersion, arguments: [change.id]) ?? Int.min) >= change.version
                guard held else { break }
                reached = change.serverVersion
            }
            if reached != stored { try SyncValueRecord.set(.serverVersion, String(reached), db) }
            return reached
        }
    }
}
