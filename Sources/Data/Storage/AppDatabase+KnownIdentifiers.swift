import Domain
import GRDB

extension AppDatabase {
    /// Identifiers of the documents this device has stored or seen in the cached full list.
    ///
    /// A local read for Tab completion that never waits for the network; in order, and empty when
    /// the database cannot be read.
    public func knownDocumentIDs(limit: Int = Constants.completionLimit) -> [Int] {
        let stored = (try? read { db in try Int.fetchAll(db, DocumentRecord.select(DocumentRecord.Columns.id)) }) ?? []
        let listed =
            (try? read { db in try DocumentListRecord.fetchOne(db, key: DocumentListQuery.all.description) })
            .flatMap { try? $0?.object() }?.map(\.id.rawValue) ?? []
        return Array(Set(stored + listed).sorted().prefix(limit))
    }

    /// Identifiers of the users this device has stored, in order (see ``knownDocumentIDs(limit:)``).
    public func knownUserIDs(limit: Int = Constants.completionLimit) -> [Int] {
        (try? read { db in
            try Int.fetchAll(db, UserRecord.select(UserRecord.Columns.id).order(UserRecord.Columns.id).limit(limit))
        }) ?? []
    }

    /// Identifiers of the items a feature's table holds, in order, for Tab completion (see
    /// ``knownDocumentIDs(limit:)``); the ones not sent yet are negative.
    func knownIDs<Record: CacheableRecord>(
        of record: Record.Type, limit: Int = Constants.completionLimit
    ) -> [Int] {
        (try? read { db in
            try Int.fetchAll(db, Record.select(Record.keyColumn).order(Record.keyColumn).limit(limit))
        }) ?? []
    }

    /// Limits of local reads.
    public enum Constants {
        /// The most identifiers offered to Tab completion.
        public static let completionLimit = 500
    }
}
