import GRDB

/// A row of `local_state`: one piece of state this device keeps for one item and never sends
/// (a pin, a read marker), as JSON.
struct LocalStateRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "local_state"

    /// The kind of item (`document`).
    var entity: String
    /// The item's identifier as stored (negative for one this device issued).
    var id: Int
    /// The state's name (`pinned`).
    var name: String
    /// The value, as JSON.
    var value: String

    /// The table's columns.
    enum Columns {
        static let entity = Column(CodingKeys.entity)
        static let id = Column(CodingKeys.id)
        static let name = Column(CodingKeys.name)
        static let value = Column(CodingKeys.value)
    }

    /// Moves every state of an item to its new identifier (a document created here got the
    /// server's), in `db`'s transaction.
    static func move(entity: String, from oldID: Int, to newID: Int, _ db: Database) throws {
        try filter(Columns.entity == entity && Columns.id == oldID)
            .updateAll(db, onConflict: .replace, Columns.id.set(to: newID))
    }
}
