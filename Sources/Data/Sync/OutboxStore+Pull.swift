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
}
