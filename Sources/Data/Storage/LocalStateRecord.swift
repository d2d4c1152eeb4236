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
}
