import Domain
import GRDB

/// Maps ``User`` to the `user` table.
public enum UserRowCodec: SQLiteRowCodec {
    /// Metadata keys look like `user:2`.
    public static let namespace = "user"
    /// The table.
    public static let table = "user"
    /// The primary key.
    public static let keyColumn = "id"
    /// The columns, key first.
    public static let columns = ["id", "name", "email", "bio"]

    /// The id as stored.
    public static func databaseValue(of key: Int) -> DatabaseValue { key.databaseValue }

    /// The column values of a user.
    public static func values(of object: User, key: Int) throws(StorageError) -> [DatabaseValue] {
        [key.databaseValue, object.name.databaseValue, object.email.databaseValue, object.bio.databaseValue]
    }

    /// The user in a row.
    public static func decode(_ row: SQLiteColumns) throws(StorageError) -> User {
        User(id: row.int(0), name: row.text(1), email: row.text(2), bio: row.text(3))
    }
}

/// The SQLite store of user profiles.
public typealias SQLiteUserStore = SQLiteStore<UserRowCodec>
