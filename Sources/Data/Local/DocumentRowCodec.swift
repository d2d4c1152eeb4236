import Domain
import Foundation
import GRDB

/// Maps ``Document`` to the `document` table.
public enum DocumentRowCodec: SQLiteRowCodec {
    /// Metadata keys look like `document:42`.
    public static let namespace = "document"
    /// The table.
    public static let table = "document"
    /// The primary key.
    public static let keyColumn = "id"
    /// The columns, key first.
    public static let columns = ["id", "title", "body", "tags", "created_at", "updated_at", "version"]

    /// The id as stored.
    public static func databaseValue(of key: Int) -> DatabaseValue { key.databaseValue }

    /// The column values of a document.
    public static func values(of object: Document, key: Int) throws(StorageError) -> [DatabaseValue] {
        [
            key.databaseValue, object.title.databaseValue, object.body.databaseValue,
            object.tags.joined(separator: " ").databaseValue,
            object.createdAt.timeIntervalSince1970.databaseValue,
            object.updatedAt.timeIntervalSince1970.databaseValue, object.version.databaseValue,
        ]
    }

    /// The document in a row.
    public static func decode(_ row: SQLiteColumns) throws(StorageError) -> Document {
        Document(
            id: row.int(0), title: row.text(1), body: row.text(2),
            tags: row.text(3).split(separator: " ").map(String.init),
            createdAt: Date(timeIntervalSince1970: row.double(4)),
            updatedAt: Date(timeIntervalSince1970: row.double(5)),
            version: row.int(6)
        )
    }
}

/// The SQLite store of documents.
public typealias SQLiteDocumentStore = SQLiteStore<DocumentRowCodec>
