import Domain
import Foundation
import GRDB

/// What a cached document list answers: everything, or a search.
public struct DocumentListQuery: Hashable, Sendable, CustomStringConvertible {
    /// The search text, or `nil` for every document.
    public let search: String?

    /// Every document.
    public static let all = DocumentListQuery(search: nil)

    /// A query; `nil` search lists everything.
    public init(search: String?) {
        self.search = search
    }

    /// The cache key: `all` or `search=TEXT`.
    public var description: String { search.map { "search=\($0)" } ?? "all" }
}

/// Maps cached document lists to the `document_list` table as JSON payloads.
public enum DocumentListRowCodec: SQLiteRowCodec {
    /// Metadata keys look like `documents:all` or `documents:search=rules`.
    public static let namespace = "documents"
    /// The table.
    public static let table = "document_list"
    /// The primary key.
    public static let keyColumn = "key"
    /// The columns, key first.
    public static let columns = ["key", "payload"]

    /// The key as stored.
    public static func databaseValue(of key: DocumentListQuery) -> DatabaseValue { key.description.databaseValue }

    /// The column values of a list.
    public static func values(
        of object: [DocumentSummary], key: DocumentListQuery
    ) throws(StorageError) -> [DatabaseValue] {
        do {
            return [key.description.databaseValue, try JSONEncoder().encode(object).databaseValue]
        } catch {
            throw .failed("cannot encode a document list: \(error)")
        }
    }

    /// The list in a row.
    public static func decode(_ row: SQLiteColumns) throws(StorageError) -> [DocumentSummary] {
        let payload = row.blob(1)
        do {
            return try JSONDecoder().decode([DocumentSummary].self, from: payload)
        } catch {
            throw .corruptRow("document list payload: \(error)")
        }
    }
}

/// The SQLite store of cached document lists.
public typealias SQLiteDocumentListStore = SQLiteStore<DocumentListRowCodec>
