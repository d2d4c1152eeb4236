import Domain
import GRDB

/// A row of `user`: a cached profile.
struct UserRecord: Codable, CacheableRecord {
    static let databaseTableName = "user"
    static let cacheNamespace = "user"
    static var keyColumn: Column { Columns.id }

    var id: Int
    var name: String
    var email: String
    var bio: String

    /// The table's columns.
    enum Columns {
        static let id = Column(CodingKeys.id)
        static let name = Column(CodingKeys.name)
        static let email = Column(CodingKeys.email)
        static let bio = Column(CodingKeys.bio)
    }

    static func databaseKey(_ key: User.ID) -> DatabaseValue { key.rawValue.databaseValue }

    init(_ object: User, key: User.ID) {
        id = object.id.rawValue
        name = object.name
        email = object.email
        bio = object.bio
    }

    init(columns row: some ColumnDecoding) throws {
        id = try row(Columns.id)
        name = try row(Columns.name)
        email = try row(Columns.email)
        bio = try row(Columns.bio)
    }

    func encodeColumns(into container: inout some ColumnEncoding) {
        container[Columns.id] = id
        container[Columns.name] = name
        container[Columns.email] = email
        container[Columns.bio] = bio
    }

    /// The profile in the row.
    func object() throws(StorageError) -> User {
        guard let userID = User.ID(rawValue: id) else { throw .corruptRow("user id \(id)") }
        return User(id: userID, name: name, email: email, bio: bio)
    }
}
