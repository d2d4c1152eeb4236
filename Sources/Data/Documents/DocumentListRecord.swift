import Domain
import Foundation
import GRDB

/// A row of `document_list`: one cached list or search result, as a JSON payload.
///
/// The payload has its own format (``Item``), not the Domain's: a field added to the Domain
/// changes nothing here, and a payload this code cannot read is a damaged row (dropped and
/// fetched again), never an error for the user.
struct DocumentListRecord: Codable, CacheableRecord {
    static let databaseTableName = "document_list"
    static let cacheNamespace = "documents"
    static var keyColumn: Column { Columns.key }

    /// `all` or `search=TEXT`.
    var key: String
    /// JSON: an array of ``Item``.
    var payload: Foundation.Data

    /// The table's columns.
    enum Columns {
        static let key = Column(CodingKeys.key)
        static let payload = Column(CodingKeys.payload)
    }

    /// One document of a cached list.
    struct Item: Codable {
        var id: Int
        var title: String
        var tags: [String]
        var updatedAt: Date
        var version: Int
    }

    static func databaseKey(_ key: DocumentListQuery) -> DatabaseValue { key.description.databaseValue }

    init(_ object: [DocumentSummary], key: DocumentListQuery) throws(StorageError) {
        self.key = key.description
        let items = object.map {
            Item(id: $0.id.rawValue, title: $0.title, tags: $0.tags, updatedAt: $0.updatedAt, version: $0.version)
        }
        do {
            payload = try JSONEncoder().encode(items)
        } catch {
            throw .failed("cannot encode a document list: \(error)")
        }
    }

    init(columns row: some ColumnDecoding) throws {
        key = try row(Columns.key)
        payload = try row(Columns.payload)
    }

    func encodeColumns(into container: inout some ColumnEncoding) {
        container[Columns.key] = key
        container[Columns.payload] = payload
    }

    /// The summaries in the payload.
    func object() throws(StorageError) -> [DocumentSummary] {
        let items: [Item]
        do {
            items = try JSONDecoder().decode([Item].self, from: payload)
        } catch {
            throw .corruptRow("document list payload: \(error)")
        }
        return try items.map { item throws(StorageError) in
            guard let id = Document.ID(rawValue: item.id) else { throw .corruptRow("document id 0 in a list") }
            return DocumentSummary(
                id: id, title: item.title, tags: item.tags, updatedAt: item.updatedAt, version: item.version)
        }
    }
}
