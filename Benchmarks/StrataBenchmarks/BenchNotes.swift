import DemoBackend
import Domain
import Foundation
import GRDB
import StrataData

/// A feature made the way `scaffold-feature` makes one, with the documents' fields (a title, a
/// body, tags), so that its push and pull on the engine compare with the documents' own.
struct BenchNote: Timestamped, SyncTracked, Sendable {
    var id: ItemID<BenchNote>
    var title: String
    var body: String
    var tags: [String]
    var createdAt: Date
    var updatedAt: Date
    var version: Int
    var syncState: SyncState
}

/// The server's collection of notes.
let benchNotesCollection = CollectionSpec(
    name: "notes", tagPrefix: "n",
    fields: [
        .init("title", .string(maxLength: 200, nonEmpty: true), required: true, inSummary: true),
        .init("body", .string(maxBytes: 1_048_576), defaultValue: #""""#),
        .init("tags", .words(maxCount: 20, maxLength: 50), defaultValue: "[]", inSummary: true),
    ])

/// Its row.
struct BenchNoteRecord: Codable, CacheableRecord {
    static let databaseTableName = "note"
    static let cacheNamespace = "note"
    static var keyColumn: Column { Columns.id }

    /// The table, as a generated feature's migration makes it.
    static let schema = """
        CREATE TABLE IF NOT EXISTS note (
            id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL, tags TEXT NOT NULL,
            created_at REAL NOT NULL, updated_at REAL NOT NULL, version INTEGER NOT NULL
        );
        CREATE INDEX IF NOT EXISTS note_order ON note (updated_at DESC, id DESC);
        """

    var id: Int
    var title: String
    var body: String
    var tags: String
    var createdAt: Double
    var updatedAt: Double
    var version: Int

    enum CodingKeys: String, CodingKey {
        case id, title, body, tags, version
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let title = Column(CodingKeys.title)
        static let body = Column(CodingKeys.body)
        static let tags = Column(CodingKeys.tags)
        static let createdAt = Column(CodingKeys.createdAt)
        static let updatedAt = Column(CodingKeys.updatedAt)
        static let version = Column(CodingKeys.version)
    }

    static func databaseKey(_ key: ItemID<BenchNote>) -> DatabaseValue { key.rawValue.databaseValue }

    init(_ object: BenchNote, key: ItemID<BenchNote>) {
        id = key.rawValue
        title = object.title
        body = object.body
        tags = object.tags.joined(separator: " ")
        createdAt = object.createdAt.timeIntervalSince1970
        updatedAt = object.updatedAt.timeIntervalSince1970
        version = object.version
    }

    init(columns row: some ColumnDecoding) throws {
        id = try row(Columns.id)
        title = try row(Columns.title)
        body = try row(Columns.body)
        tags = try row(Columns.tags)
        createdAt = try row(Columns.createdAt)
        updatedAt = try row(Columns.updatedAt)
        version = try row(Columns.version)
    }

    func encodeColumns(into container: inout some ColumnEncoding) {
        container[Columns.id] = id
        container[Columns.title] = title
        container[Columns.body] = body
        container[Columns.tags] = tags
        container[Columns.createdAt] = createdAt
        container[Columns.updatedAt] = updatedAt
        container[Columns.version] = version
    }

    func object() throws(StorageError) -> BenchNote {
        guard let id = ItemID<BenchNote>(rawValue: id) else { throw .corruptRow("note id 0") }
        return BenchNote(
            id: id, title: title, body: body, tags: tags.split(separator: " ").map(String.init),
            createdAt: Date(timeIntervalSince1970: createdAt), updatedAt: Date(timeIntervalSince1970: updatedAt),
            version: version, syncState: .synced)
    }
}

/// Its JSON.
struct BenchNoteDTO: Codable, Sendable {
    var id: Int?
    var title: String
    var body: String
    var tags: [String]
    var createdAt: Date?
    var updatedAt: Date?
    var version: Int?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(body, forKey: .body)
        try container.encode(tags, forKey: .tags)
        try container.encodeIfPresent(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(updatedAt, forKey: .updatedAt)
        try container.encodeIfPresent(version, forKey: .version)
    }
}

/// What the engine needs to know about notes.
enum BenchNotes: FeatureResource {
    typealias Item = BenchNote
    typealias Record = BenchNoteRecord
    typealias Wire = BenchNoteDTO

    static let collection = "notes"
    static let timeToLive: TimeInterval = 300
    static let conflictPolicy = ConflictPolicy.manual
    static let searchableColumns: [String] = []

    static func id(of item: BenchNote) -> ItemID<BenchNote> { item.id }

    static func item(_ item: BenchNote, identifiedAs id: ItemID<BenchNote>) -> BenchNote {
        var moved = item
        moved.id = id
        return moved
    }

    static func item(from wire: BenchNoteDTO) throws(RemoteError) -> BenchNote {
        guard let number = wire.id, let id = ItemID<BenchNote>.server(number), let createdAt = wire.createdAt,
            let updatedAt = wire.updatedAt
        else { throw .invalidData("a note without an id or its times") }
        return BenchNote(
            id: id, title: wire.title, body: wire.body, tags: wire.tags, createdAt: createdAt, updatedAt: updatedAt,
            version: wire.version ?? 1, syncState: .synced)
    }

    static func wire(for item: BenchNote) -> BenchNoteDTO {
        BenchNoteDTO(
            id: nil, title: item.title, body: item.body, tags: item.tags, createdAt: nil, updatedAt: nil, version: nil)
    }
}

extension BenchmarkApp {
    /// The notes' table in the database at `url` (a feature's migration, run by hand here).
    static func addNotesTable(to url: URL) async throws {
        try await DatabaseQueue(path: url.path).write { db in try db.execute(sql: BenchNoteRecord.schema) }
    }
}
