import Domain
import GRDB

extension AppDatabase {
    /// Identifiers of the documents this device has stored or seen in the server's cached list.
    ///
    /// A local read for Tab completion that never waits for the network; in order, and empty when
    /// the database cannot be read.
    public func knownDocumentIDs(limit: Int = Constants.completionLimit) -> [Int] {
        knownIDs(of: DocumentResource.self, limit: limit)
    }

    /// Identifiers of the users this device has stored, in order (see ``knownDocumentIDs(limit:)``).
    public func knownUserIDs(limit: Int = Constants.completionLimit) -> [Int] {
        (try? read { db in
            try Int.fetchAll(db, UserRecord.select(UserRecord.Columns.id).order(UserRecord.Columns.id).limit(limit))
        }) ?? []
    }

    /// Identifiers of the items of a collection this device holds or saw in the server's cached
    /// list, in order, for Tab completion (see ``knownDocumentIDs(limit:)``); the ones not sent yet
    /// are negative.
    func knownIDs<Resource: FeatureResource>(of resource: Resource.Type, limit: Int = Constants.completionLimit)
        -> [Int]
    {
        let key = Resource.Record.keyColumn
        let stored =
            (try? read { db in try Int.fetchAll(db, Resource.Record.select(key).order(key).limit(limit)) }) ?? []
        let listed =
            (try? read { db in try ListRecord<Resource>.fetchOne(db, key: ListRecord<Resource>.databaseKey(.all)) })
            .flatMap { try? $0?.object() }?.summaries.map { Resource.position(of: $0).id } ?? []
        return Array(Set(stored + listed).sorted().prefix(limit))
    }

    /// Limits of local reads.
    public enum Constants {
        /// The most identifiers offered to Tab completion.
        public static let completionLimit = 500
    }
}
