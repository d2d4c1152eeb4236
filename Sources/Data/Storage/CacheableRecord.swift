package import GRDB

/// A record whose table a ``RecordStore`` caches one kind of object in, keyed, with its metadata
/// in `cache_metadata`.
///
/// Decoding goes through ``init(columns:)`` so the hot-path reader and GRDB share it; an object
/// that does not map back (``object()`` throws) counts as a damaged row: the store drops it and
/// reports a miss, so the value is fetched again.
package protocol CacheableRecord: FetchableRecord, PersistableRecord, ColumnEncodable, Sendable {
    /// What identifies a stored object.
    associatedtype Key: Hashable & Sendable & CustomStringConvertible
    /// The object kept in the row.
    associatedtype Object: Sendable

    /// The prefix of this store's keys in `cache_metadata` (`document` gives `document:1`).
    static var cacheNamespace: String { get }
    /// The primary-key column.
    static var keyColumn: Column { get }
    /// The value of the key column for `key`.
    static func databaseKey(_ key: Key) -> DatabaseValue

    /// Reads a row by column name.
    init(columns: some ColumnDecoding) throws
    /// The row for `object` stored under `key`.
    init(_ object: Object, key: Key) throws(StorageError)
    /// The object the row holds; throws when the row is damaged.
    func object() throws(StorageError) -> Object
    /// The column of the server's version number, for records that have one (nil: none).
    static var versionColumn: Column? { get }
    /// The server's version number this row holds, when the record has one.
    var cacheVersion: Int? { get }
    /// The rows that belong to this store (all of its table's, unless the table is shared).
    static var stored: QueryInterfaceRequest<Self> { get }
}

extension CacheableRecord {
    /// Decodes through ``init(columns:)``.
    package init(row: Row) throws {
        try self.init(columns: row)
    }

    /// No version by default: every fetched value replaces the cached one.
    package static var versionColumn: Column? { nil }

    /// No version by default.
    package var cacheVersion: Int? { nil }

    /// Every row of the table.
    package static var stored: QueryInterfaceRequest<Self> { all() }

    /// The `cache_metadata` key of `key`.
    static func metadataKey(_ key: Key) -> String { "\(cacheNamespace):\(key)" }
}
