import GRDB

/// A row of `id_map`: the identifier the server gave a document created on this device, so the
/// identifier the user saw first keeps finding it.
struct IDMappingRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "id_map"

    /// The identifier this device issued (negative).
    var localId: Int
    /// The identifier the server issued.
    var serverId: Int

    enum CodingKeys: String, CodingKey {
        case localId = "local_id"
        case serverId = "server_id"
    }

    /// The table's columns.
    enum Columns {
        static let localId = Column(CodingKeys.localId)
        static let serverId = Column(CodingKeys.serverId)
    }
}
