import GRDB

/// How one kind of object maps to one table: the SQL ``SQLiteStore`` runs and the row mapping.
public protocol SQLiteRowCodec: Sendable {
    /// The key type of the store.
    associatedtype Key: Hashable & Sendable & CustomStringConvertible
    /// The stored object type.
    associatedtype Object: Sendable

    /// The prefix of this store's keys in `cache_metadata` (`document` gives `document:1`).
    static var namespace: String { get }
    /// The table holding the objects.
    static var table: String { get }
    /// The primary-key column.
    static var keyColumn: String { get }
    /// The columns read and written, the key column first.
    static var columns: [String] { get }

    /// The value stored in the key column for `key`.
    static func databaseValue(of key: Key) -> DatabaseValue
    /// The column values for `object`, in ``columns`` order.
    static func values(of object: Object, key: Key) throws(StorageError) -> [DatabaseValue]
    /// The object from a row whose first columns are ``columns``.
    static func decode(_ row: SQLiteColumns) throws(StorageError) -> Object
}
