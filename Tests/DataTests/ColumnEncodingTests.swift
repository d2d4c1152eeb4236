import Domain
import Foundation
import GRDB
import TestSupport
import Testing

@testable import StrataData

/// A record that names its columns by hand (``ColumnEncodable``) names every column of its
/// table once: a column left out would be written as its default by every batch, silently.
@Suite("Records that list their own columns")
struct ColumnEncodingTests {
    /// The column names a record writes, in order.
    private struct Names: ColumnEncoding {
        var written: [String] = []

        subscript(_ column: some ColumnExpression) -> (any DatabaseValueConvertible)? {
            get { nil }
            set { written.append(column.name) }
        }
    }

    /// The documents' list the server would send of `document`.
    private static func list(_ document: Document) -> ServerList<DocumentResource> {
        let entry = DocumentSummaryDTO(
            id: 1, title: document.title, tags: document.tags, updatedAt: document.updatedAt, version: 1)
        return ServerList(entries: [entry], summaries: [document.summary])
    }

    private static func columns(of record: some ColumnEncodable) -> [String] {
        var names = Names()
        record.encodeColumns(into: &names)
        return names.written
    }

    @Test func everyRecordWritesEachColumnOfItsTableOnce() throws {
        let folder = try ScratchFolder()
        let database = try AppDatabase.open(at: folder.url.appendingPathComponent("db.sqlite"))
        let now = Date()
        let id = try #require(Document.ID.device(1))
        let document = FakeData.document(
            id: id.rawValue, title: "t", body: "b", tags: ["x"], version: 0, createdAt: now, updatedAt: now)
        let user = User(id: try #require(User.ID(rawValue: 1)), name: "Ada", email: "ada@example.com", bio: "")
        let written: [(table: String, columns: [String])] = [
            (DocumentRecord.databaseTableName, Self.columns(of: DocumentRecord(document))),
            (UserRecord.databaseTableName, Self.columns(of: UserRecord(user, key: user.id))),
            (
                ListRecord<DocumentResource>.databaseTableName,
                Self.columns(of: try ListRecord<DocumentResource>(Self.list(document), key: .all))
            ),
            (
                CacheMetadataRecord.databaseTableName,
                Self.columns(of: CacheMetadataRecord(key: "document:1", metadata: CacheMetadata(fetchedAt: now)))
            ),
            (
                OutboxRecord.databaseTableName,
                Self.columns(
                    of: OutboxRecord(
                        .create, collection: "documents", itemId: id.rawValue, body: Data("{}".utf8), baseETag: nil,
                        createdAt: now))
            ),
        ]
        for (table, columns) in written {
            let schema = try database.read { db in try db.columns(in: table).map(\.name) }
            #expect(columns.sorted() == schema.sorted(), "\(table)")
        }
    }

    /// Batches go in statements of many rows: every row is written, those of the last, shorter
    /// statement too, and a later row with the same key replaces an earlier one, as row by row.
    @Test func aBatchWritesEveryRowInOrderAcrossItsStatements() throws {
        let folder = try ScratchFolder()
        let database = try AppDatabase.open(at: folder.url.appendingPathComponent("db.sqlite"))
        let now = Date(timeIntervalSince1970: 1_767_258_000)
        func record(_ number: Int, version: Int) throws -> DocumentRecord {
            DocumentRecord(
                FakeData.document(
                    id: number, title: "t\(number)", body: "b", version: version, createdAt: now, updatedAt: now))
        }
        let records = try (1...150).map { try record($0, version: 1) } + [try record(7, version: 2)]
        try database.pool.write { db in try DocumentRecord.replaceAll(records, db) }
        let (count, seventh, last) = try database.pool.read { db in
            (
                try DocumentRecord.fetchCount(db),
                try Int.fetchOne(db, sql: "SELECT version FROM document WHERE id = 7"),
                try String.fetchOne(db, sql: "SELECT title FROM document WHERE id = 150")
            )
        }
        #expect(count == 150 && seventh == 2 && last == "t150")
    }
}
