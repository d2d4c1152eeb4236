import Foundation
import GRDB

/// A row of `resource_outbox`: one change to an item of a feature, waiting to be sent.
struct ResourceOutboxRecord: Codable, FetchableRecord, MutablePersistableRecord, Sendable {
    static let databaseTableName = "resource_outbox"

    /// What the change does on the server.
    enum Operation: String, Codable, Sendable {
        /// `POST /<collection>`.
        case create
        /// `PUT /<collection>/<id>`.
        case update
        /// `DELETE /<collection>/<id>`.
        case delete
    }

    /// Whether the change is still being sent.
    enum State: String, Codable, Sendable {
        /// Sent at the next push.
        case pending
        /// Refused by the server for good; kept, with the reason.
        case parked
        /// The server has another version and the feature's policy asks the user; kept, no
        /// longer sent, until retried or discarded.
        case conflict
    }

    /// The sending order.
    var seq: Int?
    /// The feature's collection on the server, such as `bookmarks`.
    var collection: String
    /// The item (negative: created on this device, not on the server yet).
    var itemId: Int
    var operation: Operation
    /// The fields to send, as JSON (nil for a delete).
    var body: Data?
    /// The server's validator of the version the change was made against.
    var baseETag: String?
    var idempotencyKey: String
    var attempts: Int
    var state: State
    var lastError: String?
    var createdAt: Date
    /// While in conflict: the server's version, as the fields a write sends (nil: deleted there).
    var remote: Data?
    /// The validator the server sent with that version, exactly as sent.
    var remoteETag: String?

    enum CodingKeys: String, CodingKey {
        case seq, collection, operation, body, attempts, state, remote
        case remoteETag = "remote_etag"
        case itemId = "item_id"
        case baseETag = "base_etag"
        case idempotencyKey = "idempotency_key"
        case lastError = "last_error"
        case createdAt = "created_at"
    }

    /// The table's columns.
    enum Columns {
        static let seq = Column(CodingKeys.seq)
        static let collection = Column(CodingKeys.collection)
        static let itemId = Column(CodingKeys.itemId)
        static let operation = Column(CodingKeys.operation)
        static let baseETag = Column(CodingKeys.baseETag)
        static let idempotencyKey = Column(CodingKeys.idempotencyKey)
        static let state = Column(CodingKeys.state)
        static let attempts = Column(CodingKeys.attempts)
        static let lastError = Column(CodingKeys.lastError)
        static let remote = Column(CodingKeys.remote)
        static let remoteETag = Column(CodingKeys.remoteETag)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        seq = Int(inserted.rowID)
    }

    /// The SQL that creates the table and its companions (run by the migration).
    static let schema = """
        CREATE TABLE resource_outbox (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,  -- sending order
            collection TEXT NOT NULL,               -- the server's collection, such as 'bookmarks'
            item_id INTEGER NOT NULL,               -- negative: created offline, not on the server yet
            operation TEXT NOT NULL,                -- create | update | delete
            body BLOB,                              -- JSON: the fields to send
            base_etag TEXT,                         -- the server version the change was made against
            idempotency_key TEXT NOT NULL UNIQUE,
            attempts INTEGER NOT NULL DEFAULT 0,
            state TEXT NOT NULL DEFAULT 'pending',  -- pending | parked (| conflict, v12)
            last_error TEXT,
            created_at REAL NOT NULL
        );
        CREATE INDEX resource_outbox_item ON resource_outbox (collection, item_id, state, seq);
        CREATE TABLE resource_id_map (              -- items created here that reached the server
            collection TEXT NOT NULL,
            local_id INTEGER NOT NULL,
            server_id INTEGER NOT NULL,
            PRIMARY KEY (collection, local_id)
        );
        CREATE TABLE resource_local_id (            -- the last identifier this device issued
            collection TEXT PRIMARY KEY,
            last INTEGER NOT NULL
        );
        """
}
