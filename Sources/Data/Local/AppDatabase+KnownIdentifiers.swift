import GRDB

extension AppDatabase {
    /// Identifiers of the documents this device has stored or seen in the cached full list.
    ///
    /// A local read for Tab completion that never waits for the network; in order, and empty when
    /// the database cannot be read.
    public func knownDocumentIDs(limit: Int = Constants.completionLimit) -> [Int] {
        (try? pool.read { db in
            try Int.fetchAll(
                db,
                sql: """
                    SELECT id FROM document
                    UNION
                    SELECT json_extract(item.value, '$.id')
                    FROM document_list, json_each(CAST(document_list.payload AS TEXT)) AS item
                    WHERE document_list.key = ?
                    ORDER BY 1 LIMIT ?
                    """,
                arguments: [DocumentListQuery.all.description, limit])
        }) ?? []
    }

    /// Identifiers of the users this device has stored, in order (see ``knownDocumentIDs(limit:)``).
    public func knownUserIDs(limit: Int = Constants.completionLimit) -> [Int] {
        (try? pool.read { db in
            try Int.fetchAll(db, sql: "SELECT id FROM user ORDER BY id LIMIT ?", arguments: [limit])
        }) ?? []
    }

    /// Limits of local reads.
    public enum Constants {
        /// The most identifiers offered to Tab completion.
        public static let completionLimit = 500
    }
}
