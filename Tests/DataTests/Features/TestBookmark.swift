import DemoBackend
import Domain
import Foundation
import GRDB

@testable import StrataData

/// A feature made by hand the way the generator makes one, to hold the generic feature store to
/// its behaviour: a bookmark with a URL, an optional note and a rating.
struct TestBookmark: Equatable, Sendable {
    var id: ItemID<TestBookmark>
    var url: String
    var note: String?
    var rating: Int
    var createdAt: Date
    var updatedAt: Date
    var version: Int
    var syncState: SyncState
}

extension TestBookmark: Timestamped, SyncTracked {}

/// The server's collection for it.
let testBookmarkCollection = CollectionSpec(
    name: "testbookmarks", tagPrefix: "t",
    fields: [
        .init("url", .string(maxLength: 500, nonEmpty: true), required: true, inSummary: true, searchable: true),
        .init("note", .string(maxLength: 500), optional: true, inSummary: true, searchable: true),
        .init("rating", .integer, required: true, inSummary: true),
    ])

/// Its row.
struct TestBookmarkRecord: Codable, CacheableRecord {
    static let databaseTableName = "testbookmark"
    static let cacheNamespace = "testbookmark"
    static var keyColumn: Column { Columns.id }

    static let schema =
        """
        CREATE TABLE testbookmark (
            id INTEGER PRIMARY KEY, url TEXT NOT NULL, note TEXT, rating INTEGER NOT NULL,
            created_at REAL NOT NULL, updated_at REAL NOT NULL, version INTEGER NOT NULL
        );
        """ + SearchIndex.schema(table: "testbookmark", columns: ["url", "note"])

    var id: Int
    var url: String
    var note: String?
    var rating: Int
    var createdAt: Double
    var updatedAt: Double
    var version: Int

    enum CodingKeys: String, CodingKey {
        case id, url, note, rating, version
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let url = Column(CodingKeys.url)
        static let note = Column(CodingKeys.note)
        static let rating = Column(CodingKeys.rating)
        static let createdAt = Column(CodingKeys.createdAt)
        static let updatedAt = Column(CodingKeys.updatedAt)
        static let version = Column(CodingKeys.version)
    }

    static func databaseKey(_ key: ItemID<TestBookmark>) -> DatabaseValue { key.rawValue.databaseValue }

    init(_ object: TestBookmark, key: ItemID<TestBookmark>) {
        id = key.rawValue
        url = object.url
        note = object.note
        rating = object.rating
        createdAt = object.createdAt.timeIntervalSince1970
        updatedAt = object.updatedAt.timeIntervalSince1970
        version = object.version
    }

    init(columns row: some ColumnDecoding) throws {
        id = try row(Columns.id)
        url = try row(Columns.url)
        note = try row(Columns.note)
        rating = try row(Columns.rating)
        createdAt = try row(Columns.createdAt)
        updatedAt = try row(Columns.updatedAt)
        version = try row(Columns.version)
    }

    func encodeColumns(into container: inout some ColumnEncoding) {
        container[Columns.id] = id
        container[Columns.url] = url
        container[Columns.note] = note
        container[Columns.rating] = rating
        container[Columns.createdAt] = createdAt
        container[Columns.updatedAt] = updatedAt
        container[Columns.version] = version
    }

    func object() throws(StorageError) -> TestBookmark {
        guard let itemID = ItemID<TestBookmark>(rawValue: id) else { throw .corruptRow("testbookmark id 0") }
        return TestBookmark(
            id: itemID, url: url, note: note, rating: rating, createdAt: Date(timeIntervalSince1970: createdAt),
            updatedAt: Date(timeIntervalSince1970: updatedAt),
            version: version, syncState: .synced)
    }
}

/// Its JSON.
struct TestBookmarkDTO: Codable, Sendable {
    var id: Int?
    var url: String
    var note: String?
    var rating: Int
    /// Sent by the server, never by the app.
    var createdAt: Date?
    var updatedAt: Date?
    var version: Int?

    enum CodingKeys: String, CodingKey { case id, url, note, rating, version, createdAt, updatedAt }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encode(url, forKey: .url)
        try container.encode(note, forKey: .note)
        try container.encode(rating, forKey: .rating)
        try container.encodeIfPresent(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(updatedAt, forKey: .updatedAt)
        try container.encodeIfPresent(version, forKey: .version)
    }
}

/// The conflict policy a test's bookmarks declare, and their merge if they offer one.
protocol BookmarkPolicy: Sendable {
    static var policy: ConflictPolicy { get }
    static func merged(local: TestBookmark, remote: TestBookmark?, body: String) -> TestBookmark?
}

extension BookmarkPolicy {
    /// No merge, as the generator writes a feature.
    static func merged(local: TestBookmark, remote: TestBookmark?, body: String) -> TestBookmark? { nil }
}

/// The policy a generated feature starts with: the user chooses.
enum AskTheUser: BookmarkPolicy { static let policy = ConflictPolicy.manual }
/// This device's change goes over the server's.
enum DeviceWins: BookmarkPolicy { static let policy = ConflictPolicy.clientWins }
/// The server's version stays.
enum ServerWins: BookmarkPolicy { static let policy = ConflictPolicy.serverWins }
/// The later change stays.
enum LaterWins: BookmarkPolicy { static let policy = ConflictPolicy.lastWriterWins }
/// The user chooses, and may write the note both versions should have, as a document's body.
enum MergeNotes: BookmarkPolicy {
    static let policy = ConflictPolicy.manual

    static func merged(local: TestBookmark, remote: TestBookmark?, body: String) -> TestBookmark? {
        var merged = local
        merged.note = body
        return merged
    }
}

/// The bookmarks of most tests: conflicts wait for the user.
typealias TestBookmarkResource = Bookmarks<AskTheUser>

/// What the generic store needs to know, with the conflict policy `Policy` declares.
enum Bookmarks<Policy: BookmarkPolicy>: FeatureResource {
    typealias Item = TestBookmark
    typealias Record = TestBookmarkRecord
    typealias Wire = TestBookmarkDTO

    static var collection: String { "testbookmarks" }
    static var timeToLive: TimeInterval { 300 }
    static var conflictPolicy: ConflictPolicy { Policy.policy }
    static func merged(local: TestBookmark, remote: TestBookmark?, body: String) -> TestBookmark? {
        Policy.merged(local: local, remote: remote, body: body)
    }
    static var searchableColumns: [String] { ["url", "note"] }

    static func id(of item: TestBookmark) -> ItemID<TestBookmark> { item.id }

    static func item(_ item: TestBookmark, identifiedAs id: ItemID<TestBookmark>) -> TestBookmark {
        var moved = item
        moved.id = id
        return moved
    }

    static func item(from wire: TestBookmarkDTO) throws(RemoteError) -> TestBookmark {
        guard let number = wire.id, let id = ItemID<TestBookmark>.server(number), let createdAt = wire.createdAt,
            let updatedAt = wire.updatedAt
        else {
            throw .invalidData("a bookmark without an id or its times")
        }
        return TestBookmark(
            id: id, url: wire.url, note: wire.note, rating: wire.rating, createdAt: createdAt, updatedAt: updatedAt,
            version: wire.version ?? 1, syncState: .synced)
    }

    static func wire(for item: TestBookmark) -> TestBookmarkDTO {
        TestBookmarkDTO(
            id: nil, url: item.url, note: item.note, rating: item.rating, createdAt: nil, updatedAt: nil, version: nil)
    }
}
