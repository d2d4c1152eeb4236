import Foundation
import GRDB

/// The name and type of one piece of state this device keeps for items of one kind and never
/// sends to the server (a pin, a read marker, a collapsed section).
///
/// ```swift
/// static let pinned = LocalStateKey<Bool>(entity: "document", name: "pinned")
/// ```
public struct LocalStateKey<Value: Codable & Sendable>: Sendable {
    /// The kind of item; `document` state follows a document created here to its server id.
    public let entity: String
    /// The state's name, unique for the kind.
    public let name: String

    /// A key.
    public init(entity: String, name: String) {
        self.entity = entity
        self.name = name
    }

    /// State of documents, named `name`: it follows a document created on this device to the
    /// identifier the server gives it.
    public static func document(_ name: String) -> LocalStateKey {
        LocalStateKey(entity: LocalStateEntity.document, name: name)
    }
}

/// The kinds of item whose local state the app moves when an identifier changes.
enum LocalStateEntity {
    /// Documents.
    static let document = "document"
}

/// Device-only state of items, kept apart from the caches (which `cache clear` and the server's
/// answers may replace at any time) and from the outbox (which is sent).
///
/// One table holds every kind of small per-item state, so adding one needs no migration; state
/// that is large or queried on its own deserves its own table (see Docs/Extending.md).
public final class LocalStateStore: Sendable {
    private let database: AppDatabase

    /// The store over the app's database.
    public init(database: AppDatabase) {
        self.database = database
    }

    /// The value of `key` for item `id`, or `nil` when none is kept (or it no longer decodes).
    public func value<Value>(_ key: LocalStateKey<Value>, for id: Int) throws(StorageError) -> Value? {
        try database.read { db in try Self.request(key).filter(LocalStateRecord.Columns.id == id).fetchOne(db) }
            .flatMap(Self.decode)
    }

    /// Every item's value of `key`, by item identifier.
    public func values<Value>(_ key: LocalStateKey<Value>) throws(StorageError) -> [Int: Value] {
        let records = try database.read { db in try Self.request(key).fetchAll(db) }
        var values: [Int: Value] = [:]
        for record in records { values[record.id] = Self.decode(record) }
        return values
    }

    /// Keeps `value` as `key` for item `id`; `nil` forgets it.
    public func set<Value>(_ value: Value?, for key: LocalStateKey<Value>, id: Int) throws(StorageError) {
        let text: String?
        do {
            text = try value.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        } catch {
            throw .failed("cannot encode \(key.entity).\(key.name): \(error)")
        }
        try database.write { db in
            if let text {
                try LocalStateRecord(entity: key.entity, id: id, name: key.name, value: text).upsert(db)
            } else {
                try Self.request(key).filter(LocalStateRecord.Columns.id == id).deleteAll(db)
            }
        }
    }
}

// MARK: - Private

extension LocalStateStore {
    private static func request<Value>(_ key: LocalStateKey<Value>) -> QueryInterfaceRequest<LocalStateRecord> {
        LocalStateRecord.filter(
            LocalStateRecord.Columns.entity == key.entity && LocalStateRecord.Columns.name == key.name)
    }

    private static func decode<Value: Decodable>(_ record: LocalStateRecord) -> Value? {
        try? JSONDecoder().decode(Value.self, from: Foundation.Data(record.value.utf8))
    }
}
