import Domain
import Foundation
import GRDB

/// A row of `outbox`: one change to an item of any collection, made on this device and waiting
/// to be sent, in sending order.
struct OutboxRecord: FetchableRecord, MutablePersistableRecord, ColumnEncodable, Sendable {
    static let databaseTableName = "outbox"

    /// The sending order, shared by every collection.
    var seq: Int?
    /// The item's collection on the server, such as `documents`.
    var collection: String
    /// The item (negative: created on this device, not on the server yet).
    var itemId: Int
    var operation: OutboxEntry.Operation
    /// The fields to send, as the collection's wire JSON (nil for a delete, or a damaged change).
    var body: Data?
    /// The server's validator of the version the change was made against, exactly as sent.
    var baseETag: String?
    /// Sent as `Idempotency-Key`.
    var idempotencyKey: String
    var attempts: Int
    var state: OutboxEntry.State
    var lastError: String?
    /// When the change was made.
    var createdAt: Date
    /// While in conflict: the server's version, as its wire JSON (nil: deleted there).
    var remote: Data?
    /// The validator the server sent with that version, exactly as sent.
    var remoteETag: String?

    enum CodingKeys: String, CodingKey {
        case seq, collection, operation, body, attempts, state, remote
        case itemId = "item_id"
        case baseETag = "base_etag"
        case idempotencyKey = "idempotency_key"
        case lastError = "last_error"
        case createdAt = "created_at"
        case remoteETag = "remote_etag"
    }

    /// The table's columns.
    enum Columns {
        static let seq = Column(CodingKeys.seq)
        static let collection = Column(CodingKeys.collection)
        static let itemId = Column(CodingKeys.itemId)
        static let operation = Column(CodingKeys.operation)
        static let body = Column(CodingKeys.body)
        static let baseETag = Column(CodingKeys.baseETag)
        static let idempotencyKey = Column(CodingKeys.idempotencyKey)
        static let attempts = Column(CodingKeys.attempts)
        static let state = Column(CodingKeys.state)
        static let lastError = Column(CodingKeys.lastError)
        static let createdAt = Column(CodingKeys.createdAt)
        static let remote = Column(CodingKeys.remote)
        static let remoteETag = Column(CodingKeys.remoteETag)
    }

    /// A new pending change under a new idempotency key; the queue numbers it when it is inserted.
    init(
        _ operation: OutboxEntry.Operation, collection: String, itemId: Int, body: Data?, baseETag: String?,
        createdAt: Date
    ) {
        seq = nil
        self.collection = collection
        self.itemId = itemId
        self.operation = operation
        self.body = body
        self.baseETag = baseETag
        idempotencyKey = UUID().uuidString
        attempts = 0
        state = .pending
        lastError = nil
        self.createdAt = createdAt
        remote = nil
        remoteETag = nil
    }

    /// Reads the columns by name: a push reads every change it sends (ADR 0010).
    ///
    /// A state or an operation this build does not know reads as parked, kept for a build that
    /// does.
    init(row: Row) throws {
        seq = try row(Columns.seq)
        collection = try row(Columns.collection)
        itemId = try row(Columns.itemId)
        let operation = OutboxEntry.Operation(rawValue: try row(Columns.operation))
        self.operation = operation ?? .update
        body = try row(Columns.body)
        baseETag = try row(Columns.baseETag)
        idempotencyKey = try row(Columns.idempotencyKey)
        attempts = try row(Columns.attempts)
        state = operation == nil ? .parked : OutboxEntry.State(rawValue: try row(Columns.state)) ?? .parked
        lastError = try row(Columns.lastError)
        createdAt = Date(timeIntervalSince1970: try row(Columns.createdAt))
        remote = try row(Columns.remote)
        remoteETag = try row(Columns.remoteETag)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        seq = Int(inserted.rowID)
    }

    func encodeColumns(into container: inout some ColumnEncoding) {
        container[Columns.seq] = seq
        container[Columns.collection] = collection
        container[Columns.itemId] = itemId
        container[Columns.operation] = operation.rawValue
        container[Columns.body] = body
        container[Columns.baseETag] = baseETag
        container[Columns.idempotencyKey] = idempotencyKey
        container[Columns.attempts] = attempts
        container[Columns.state] = state.rawValue
        container[Columns.lastError] = lastError
        container[Columns.createdAt] = createdAt.timeIntervalSince1970
        container[Columns.remote] = remote
        container[Columns.remoteETag] = remoteETag
    }

    /// The change as `outbox list` shows it.
    var queued: QueuedChange {
        QueuedChange(
            id: seq ?? 0, collection: collection, itemId: itemId, operation: operation, state: state,
            attempts: attempts, lastError: lastError, createdAt: createdAt)
    }

    /// The table, its indexes, the identifiers this device issued and where they went (migration
    /// v13 creates them from the two outboxes before it).
    static let schema = """
        CREATE TABLE outbox (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,  -- sending order, one numbering for every collection
            collection TEXT NOT NULL,               -- the server's collection, such as 'documents'
            item_id INTEGER NOT NULL,               -- negative: created offline, not on the server yet
            operation TEXT NOT NULL,                -- create | update | delete
            body BLOB,                              -- JSON: the fields to send, in the collection's wire form
            base_etag TEXT,                         -- the server version the change was made against
            idempotency_key TEXT NOT NULL UNIQUE,
            attempts INTEGER NOT NULL DEFAULT 0,
            state TEXT NOT NULL DEFAULT 'pending',  -- pending | parked | conflict
            last_error TEXT,
            created_at REAL NOT NULL,               -- seconds since 1970
            remote BLOB,                            -- JSON: the server's version, while in conflict
            remote_etag TEXT                        -- its validator, exactly as sent
        );
        CREATE INDEX outbox_item ON outbox (collection, item_id, state, seq);
        CREATE INDEX outbox_state ON outbox (state, seq);
        """
}
