import Domain
import Foundation
import GRDB

/// A row of `document`: the server's version of a document, as cached on this device.
struct DocumentRecord: Codable, CacheableRecord {
    static let databaseTableName = "document"
    static let cacheNamespace = "document"
    static var keyColumn: Column { Columns.id }
    static var versionColumn: Column? { Columns.version }
    var cacheVersion: Int? { version }

    /// The identifier (negative for one issued by this device).
    var id: Int
    var title: String
    var body: String
    /// The tags, space-separated (a tag never contains white space).
    var tags: String
    /// Seconds since 1970.
    var createdAt: Double
    /// Seconds since 1970.
    var updatedAt: Double
    var version: Int

    enum CodingKeys: String, CodingKey {
        case id, title, body, tags
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case version
    }

    /// The table's columns.
    enum Columns {
        static let id = Column(CodingKeys.id)
        static let title = Column(CodingKeys.title)
        static let body = Column(CodingKeys.body)
        static let tags = Column(CodingKeys.tags)
        static let createdAt = Column(CodingKeys.createdAt)
        static let updatedAt = Column(CodingKeys.updatedAt)
        static let version = Column(CodingKeys.version)
    }

    static func databaseKey(_ key: Document.ID) -> DatabaseValue { key.rawValue.databaseValue }

    /// The row of `document`.
    init(_ document: Document) {
        id = document.id.rawValue
        title = document.title
        body = document.body
        tags = document.tags.joined(separator: " ")
        createdAt = document.createdAt.timeIntervalSince1970
        updatedAt = document.updatedAt.timeIntervalSince1970
        version = document.version
    }

    init(_ object: Document, key: Document.ID) {
        self.init(object)
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

    /// The tags stored in a `tags` column (space-separated), in order.
    ///
    /// Split on the UTF-8 bytes: splitting by `Character` ran grapheme breaking over every byte
    /// and cost as much as the rest of a row's decoding.
    static func tags(inColumn column: String) -> [String] {
        column.utf8.split(separator: UInt8(ascii: " ")).map { String(Substring($0)) }
    }

    /// The document in the row.
    func object() throws(StorageError) -> Document {
        guard let documentID = Document.ID(rawValue: id) else { throw .corruptRow("document id 0") }
        return Document(
            id: documentID, content: DocumentDraft(title: title, body: body, tags: Self.tags(inColumn: tags)),
            createdAt: Date(timeIntervalSince1970: createdAt), updatedAt: Date(timeIntervalSince1970: updatedAt),
            version: version, syncState: .synced)
    }
}
