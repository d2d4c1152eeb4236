import GRDB

/// A row of `sync_state`: one value the sync engine keeps between launches.
struct SyncValueRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "sync_state"

    /// Which value (see ``Key``).
    var key: String
    /// The value, as text.
    var value: String

    /// The table's columns.
    enum Columns {
        static let key = Column(CodingKeys.key)
        static let value = Column(CodingKeys.value)
    }

    /// The values kept.
    enum Key: String, Sendable {
        /// The server's change-list version this device has caught up to.
        case serverVersion
        /// When the last sync finished, in seconds since 1970.
        case lastSyncAt
        /// The conflict policy's raw value.
        case conflictPolicy
        /// The identifier the next document created on this device gets (negative).
        case nextLocalId
    }

    init(_ key: Key, value: String) {
        self.key = key.rawValue
        self.value = value
    }

    /// The value of `key`, if stored.
    static func value(_ key: Key, _ db: Database) throws -> String? {
        try SyncValueRecord.fetchOne(db, key: key.rawValue)?.value
    }

    /// Stores `value` under `key`.
    static func set(_ key: Key, _ value: String, _ db: Database) throws {
        try SyncValueRecord(key, value: value).upsert(db)
    }
}
