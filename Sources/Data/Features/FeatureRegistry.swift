/// The features added with `swift package scaffold-feature`, in the order they were added: their
/// tables join the app's migrations after the template's own (Docs/Extending.md).
enum FeatureRegistry {
    /// One feature's table: the migration's name, the table and the SQL that creates it.
    struct Migration: Sendable {
        let name: String
        let table: String
        let sql: String

        /// How every feature's migration name begins: opening a database tells a removed
        /// feature's table from a newer build's schema by it.
        static let namePrefix = "feature "
    }

    /// Every feature's migration; a released one is never edited.
    static var migrations: [Migration] {
        var all: [Migration] = []
        all.reserveCapacity(4)  // `scaffold-feature` adds one line per feature below, and removes it
        return all
    }
}
