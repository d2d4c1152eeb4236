import Domain
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

    /// The values kept for the whole engine.
    enum Key: String, Sendable {
        /// When the last sync finished, in seconds since 1970.
        case lastSyncAt
    }

    /// The key of the change number a collection's pull has reached.
    static func cursorKey(_ collection: String) -> String { "pull:\(collection)" }

    /// The key of the items of a collection a pull passed by while they had unsent changes.
    static func leftAloneKey(_ collection: String) -> String { "left-alone:\(collection)" }

    /// The items of `collection` a pull passed by while they had unsent changes: the server had a
    /// version this device does not hold (numbers, kept as `1,7,12`).
    static func leftAlone(in collection: String, _ db: Database) throws -> Set<Int> {
        Set((try value(leftAloneKey(collection), db) ?? "").split(separator: ",").compactMap { Int($0) })
    }

    /// Keeps `items` as the ones of `collection` a pull passed by (none: the key goes).
    static func setLeftAlone(_ items: Set<Int>, in collection: String, _ db: Database) throws {
        guard !items.isEmpty else {
            try db.execute(sql: "DELETE FROM sync_state WHERE key = ?", arguments: [leftAloneKey(collection)])
            return
        }
        try set(leftAloneKey(collection), items.sorted().map(String.init).joined(separator: ","), db)
    }

    /// The key of the conflict policy the user chose for a collection.
    static func policyKey(_ collection: String) -> String { "policy:\(collection)" }

    /// The value of `key`, if stored.
    static func value(_ key: Key, _ db: Database) throws -> String? {
        try value(key.rawValue, db)
    }

    /// Stores `value` under `key`.
    static func set(_ key: Key, _ value: String, _ db: Database) throws {
        try set(key.rawValue, value, db)
    }

    /// The value stored under the text `key`, if any.
    static func value(_ key: String, _ db: Database) throws -> String? {
        try String.fetchOne(db.cachedStatement(sql: "SELECT value FROM sync_state WHERE key = ?"), arguments: [key])
    }

    /// Stores `value` under the text `key`.
    static func set(_ key: String, _ value: String, _ db: Database) throws {
        try db.cachedStatement(sql: "INSERT OR REPLACE INTO sync_state (key, value) VALUES (?, ?)")
            .execute(arguments: [key, value])
    }

    /// The policy the user chose for `collection`, if any.
    static func policy(for collection: String, _ db: Database) throws -> ConflictPolicy? {
        try value(policyKey(collection), db).flatMap(ConflictPolicy.init(rawValue:))
    }

    /// Keeps the policy the user chose for `collection`.
    static func setPolicy(_ policy: ConflictPolicy, for collection: String, _ db: Database) throws {
        try set(policyKey(collection), policy.rawValue, db)
    }
}
