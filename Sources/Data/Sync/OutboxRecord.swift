import Domain
import Foundation
import GRDB

/// A row of `outbox`: one change made on this device, waiting to be sent, in sending order.
struct OutboxRecord: Codable, FetchableRecord, ColumnEncodable, Sendable {
    static let databaseTableName = "outbox"

    /// The sending order; assigned by SQLite on insert.
    var seq: Int?
    /// The document's identifier (negative while it exists on this device only).
    var documentId: Int
    /// `create`, `update` or `delete`.
    var operation: String
    /// JSON: the ``Change`` a create or update sends.
    var payload: Foundation.Data?
    /// The validator of the server version the change was made against, exactly as sent.
    var baseETag: String?
    /// Sent as `Idempotency-Key`.
    var idempotencyKey: String
    /// When the change was made, in seconds since 1970.
    var createdAt: Double
    var attempts: Int
    /// `pending`, `parked` or `conflict`.
    var state: String
    var lastError: String?
    /// JSON: the server's version (``RemoteDocument``) while in conflict.
    var remote: Foundation.Data?
    /// The validator the server sent with that version, exactly as sent.
    var remoteETag: String?

    enum CodingKeys: String, CodingKey {
        case seq
        case documentId = "document_id"
        case operation, payload
        case baseETag = "base_etag"
        case idempotencyKey = "idempotency_key"
        case createdAt = "created_at"
        case attempts, state
        case lastError = "last_error"
        case remote
        case remoteETag = "remote_etag"
    }

    /// The table's columns.
    enum Columns {
        static let seq = Column(CodingKeys.seq)
        static let documentId = Column(CodingKeys.documentId)
        static let operation = Column(CodingKeys.operation)
        static let payload = Column(CodingKeys.payload)
        static let baseETag = Column(CodingKeys.baseETag)
        static let idempotencyKey = Column(CodingKeys.idempotencyKey)
        static let createdAt = Column(CodingKeys.createdAt)
        static let attempts = Column(CodingKeys.attempts)
        static let state = Column(CodingKeys.state)
        static let lastError = Column(CodingKeys.lastError)
        static let remote = Column(CodingKeys.remote)
        static let remoteETag = Column(CodingKeys.remoteETag)
    }

    /// The fields a create or update sends; absent fields stay as they are.
    struct Change: Codable, Equatable, Sendable {
        var title: String?
        var body: String?
        var tags: [String]?
    }

    /// The server's version of a document in conflict.
    struct RemoteDocument: Codable, Equatable, Sendable {
        var id: Int
        var title: String
        var body: String
        var tags: [String]
        var createdAt: Date
        var updatedAt: Date
        var version: Int
    }

    /// A new pending entry.
    init(
        _ operation: OutboxEntry.Operation, documentId: Document.ID, change: Change?, baseETag: String?, now: Date
    ) throws(StorageError) {
        seq = nil
        self.documentId = documentId.rawValue
        self.operation = operation.rawValue
        payload = try change.map { change throws(StorageError) in try Self.encode(change) }
        self.baseETag = baseETag
        idempotencyKey = UUID().uuidString
        createdAt = now.timeIntervalSince1970
        attempts = 0
        state = OutboxEntry.State.pending.rawValue
        lastError = nil
        remote = nil
        remoteETag = nil
    }

    /// Reads the columns directly, by name: a push reads every entry it sends, and `Decodable`
    /// through GRDB's row decoder cost far more (figures in ADR 0010).
    init(row: Row) throws {
        seq = try row(Columns.seq)
        documentId = try row(Columns.documentId)
        operation = try row(Columns.operation)
        payload = try row(Columns.payload)
        baseETag = try row(Columns.baseETag)
        idempotencyKey = try row(Columns.idempotencyKey)
        createdAt = try row(Columns.createdAt)
        attempts = try row(Columns.attempts)
        state = try row(Columns.state)
        lastError = try row(Columns.lastError)
        remote = try row(Columns.remote)
        remoteETag = try row(Columns.remoteETag)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        seq = Int(inserted.rowID)
    }

    func encodeColumns(into container: inout some ColumnEncoding) {
        container[Columns.seq] = seq
        container[Columns.documentId] = documentId
        container[Columns.operation] = operation
        container[Columns.payload] = payload
        container[Columns.baseETag] = baseETag
        container[Columns.idempotencyKey] = idempotencyKey
        container[Columns.createdAt] = createdAt
        container[Columns.attempts] = attempts
        container[Columns.state] = state
        container[Columns.lastError] = lastError
        container[Columns.remote] = remote
        container[Columns.remoteETag] = remoteETag
    }

    static func encode(_ value: some Encodable) throws(StorageError) -> Foundation.Data {
        do {
            return try JSONCoding.encoder.encode(value)
        } catch {
            throw .failed("cannot encode an outbox entry: \(error)")
        }
    }
}

extension OutboxRecord.Change {
    /// The fields of a new document.
    init(_ draft: DocumentDraft) {
        self.init(title: draft.title, body: draft.body, tags: draft.tags)
    }

    /// The fields of a set of changes.
    init(_ changes: DocumentChanges) {
        self.init(title: changes.title, body: changes.body, tags: changes.tags)
    }

    /// The changes to send.
    var changes: DocumentChanges { DocumentChanges(title: title, body: body, tags: tags) }

    /// The new document to send; `nil` without a title.
    var draft: DocumentDraft? { title.map { DocumentDraft(title: $0, body: body ?? "", tags: tags ?? []) } }
}

extension OutboxRecord.RemoteDocument {
    /// The stored form of `document`.
    init(_ document: Document) {
        self.init(
            id: document.id.rawValue, title: document.title, body: document.body, tags: document.tags,
            createdAt: document.createdAt, updatedAt: document.updatedAt, version: document.version)
    }

    /// The document; `nil` for an identifier no document has.
    var document: Document? {
        Document.ID(rawValue: id).map { id in
            Document(
                id: id, title: title, body: body, tags: tags, createdAt: createdAt, updatedAt: updatedAt,
                version: version, syncState: .synced)
        }
    }
}
