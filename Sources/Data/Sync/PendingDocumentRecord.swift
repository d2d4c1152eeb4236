import Domain
import GRDB

/// A row of `pending_document`: the version of a document this device shows while its changes
/// wait in the outbox (the cache tables keep the server's version, untouched by local edits).
///
/// It has the `document` table's columns plus `deleted`, and reads and writes them through
/// ``DocumentRecord``, so the two tables can never disagree on a field.
struct PendingDocumentRecord: Codable, FetchableRecord, PersistableRecord, ColumnEncodable, Sendable {
    static let databaseTableName = "pending_document"

    /// The document's columns.
    var document: DocumentRecord
    /// Whether the document was deleted on this device.
    var deleted: Bool

    enum CodingKeys: String, CodingKey {
        case deleted
    }

    /// The table's columns.
    enum Columns {
        static let id = DocumentRecord.Columns.id
        static let deleted = Column(CodingKeys.deleted)
    }

    /// The row of `document`, deleted or not.
    init(_ document: Document, deleted: Bool) {
        self.document = DocumentRecord(document)
        self.deleted = deleted
    }

    /// Reads the document's columns and `deleted` from one flat container.
    init(from decoder: any Decoder) throws {
        document = try DocumentRecord(from: decoder)
        deleted = try decoder.container(keyedBy: CodingKeys.self).decode(Bool.self, forKey: .deleted)
    }

    /// Writes the document's columns and `deleted` into one flat container.
    func encode(to encoder: any Encoder) throws {
        try document.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(deleted, forKey: .deleted)
    }

    init(row: Row) throws {
        document = try DocumentRecord(columns: row)
        deleted = try row(Columns.deleted)
    }

    func encodeColumns(into container: inout some ColumnEncoding) {
        document.encodeColumns(into: &container)
        container[Columns.deleted] = deleted
    }

    /// The local version, marked pending (or in conflict when `inConflict`).
    func object(inConflict: Bool) throws(StorageError) -> (document: Document, deleted: Bool) {
        var local = try document.object()
        local.syncState = inConflict ? .conflict : .pending
        return (local, deleted)
    }
}
