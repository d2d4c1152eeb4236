import Foundation
import GRDB

/// Migration v13: the documents' outbox, their pending versions and identifier map join the one
/// outbox every collection uses; nothing queued is lost.
///
/// - The features' changes move as they are, under their numbers.
/// - Each document change gets the whole document it leaves behind as its body (the documents'
///   outbox kept only the fields a change set): the changes of a document are replayed in order
///   over its cached version (or its pending one when none is cached). A change whose fields
///   cannot be read is kept, parked, with the reason, and sends nothing.
/// - This device's version of a document with unsent changes replaces the cached row (the
///   table holds this device's version while changes wait); one deleted here leaves the table.
/// - The identifier map, the next identifier this device issues, the change number reached and
///   the chosen conflict policy move to the keys every collection uses.
/// - Cached lists go (they are fetched again); the numbering goes on after the highest number
///   either outbox ever gave.
///
/// Released: never edit it; a later change is a new migration.
enum OneOutboxMigration {
    static func run(_ db: Database) throws {
        let highest =
            try Int.fetchOne(
                db, sql: "SELECT MAX(seq) FROM sqlite_sequence WHERE name IN ('outbox', 'resource_outbox')") ?? 0
        try db.execute(
            sql: """
                DROP INDEX outbox_document;
                DROP INDEX outbox_state;
                DROP INDEX outbox_document_state;
                ALTER TABLE outbox RENAME TO document_outbox;
                CREATE TABLE outbox (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    collection TEXT NOT NULL,
                    item_id INTEGER NOT NULL,
                    operation TEXT NOT NULL,
                    body BLOB,
                    base_etag TEXT,
                    idempotency_key TEXT NOT NULL UNIQUE,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    state TEXT NOT NULL DEFAULT 'pending',
                    last_error TEXT,
                    created_at REAL NOT NULL,
                    remote BLOB,
                    remote_etag TEXT
                );
                CREATE INDEX outbox_item ON outbox (collection, item_id, state, seq);
                CREATE INDEX outbox_state ON outbox (state, seq);
                INSERT INTO outbox (seq, collection, item_id, operation, body, base_etag, idempotency_key, attempts,
                    state, last_error, created_at, remote, remote_etag)
                SELECT seq, collection, item_id, operation, body, base_etag, idempotency_key, attempts, state,
                    last_error, created_at, remote, remote_etag FROM resource_outbox;
                """)
        try moveDocumentChanges(db)
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO document (id, title, body, tags, created_at, updated_at, version)
                    SELECT id, title, body, tags, created_at, updated_at, version FROM pending_document
                    WHERE deleted = 0;
                DELETE FROM document WHERE id IN (SELECT id FROM pending_document WHERE deleted = 1);
                INSERT OR REPLACE INTO resource_id_map (collection, local_id, server_id)
                    SELECT 'documents', local_id, server_id FROM id_map;
                INSERT OR REPLACE INTO resource_local_id (collection, last)
                    SELECT 'documents', CAST(value AS INTEGER) + 1 FROM sync_state WHERE key = 'nextLocalId';
                INSERT OR REPLACE INTO sync_state (key, value)
                    SELECT 'pull:documents', value FROM sync_state WHERE key = 'serverVersion';
                INSERT OR REPLACE INTO sync_state (key, value)
                    SELECT 'policy:documents', value FROM sync_state WHERE key = 'conflictPolicy';
                DELETE FROM sync_state WHERE key IN ('nextLocalId', 'serverVersion', 'conflictPolicy');
                DELETE FROM cache_metadata WHERE key LIKE 'documents:%';
                DROP TABLE document_outbox;
                DROP TABLE resource_outbox;
                DROP TABLE pending_document;
                DROP TABLE id_map;
                DROP TABLE document_list;
                CREATE TABLE resource_list (key TEXT PRIMARY KEY, payload BLOB NOT NULL);
                """)
        try ReleasedSchema.raiseSequence(of: "outbox", to: highest, db)
    }
}

// MARK: - Private

extension OneOutboxMigration {
    /// A document's fields as the documents' outbox and the new bodies keep them.
    private struct Fields: Codable {
        var title: String?
        var body: String?
        var tags: [String]?
    }

    /// Copies the documents' changes, oldest first, each with the whole document it leaves behind.
    private static func moveDocumentChanges(_ db: Database) throws {
        var documents: [Int: Fields] = [:]
        let rows = try Row.fetchAll(db, sql: "SELECT * FROM document_outbox ORDER BY seq")
        let insert = try db.makeStatement(
            sql: """
                INSERT INTO outbox (seq, collection, item_id, operation, body, base_etag, idempotency_key, attempts,
                    state, last_error, created_at, remote, remote_etag)
                VALUES (?, 'documents', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for row in rows {
            /// A column as it is stored, to copy it unchanged.
            func column(_ name: String) throws -> DatabaseValue { try row.decode(DatabaseValue.self, forColumn: name) }
            // Columns are read with `try?`: GRDB's subscript traps on a value it cannot convert,
            // and a damaged change is parked with the reason instead of ending the migration.
            let id = (try? row.decode(Int.self, forColumn: "document_id")) ?? 0
            // The words v13 knew, spelled out: a migration does not follow later types.
            let read = (try? row.decode(String.self, forColumn: "operation")).flatMap {
                ["create", "update", "delete"].contains($0) ? $0 : nil
            }
            let operation = read ?? "update"
            var state = (try? row.decode(String.self, forColumn: "state")).flatMap {
                ["pending", "parked", "conflict"].contains($0) ? $0 : nil
            }
            var lastError = (try? row.decode(String?.self, forColumn: "last_error")) ?? nil
            var body: Data?
            if read == nil || id == 0 || state == nil {
                state = "parked"
                lastError = "it could not be read when the outboxes became one"
            } else if operation != "delete" {
                let payload = (try? row.decode(Data?.self, forColumn: "payload")) ?? nil
                let change = payload.flatMap { try? JSONDecoder().decode(Fields.self, from: $0) }
                var current = try documents[id] ?? stored(id, db) ?? Fields(title: nil, body: "", tags: [])
                if let change {
                    current = Fields(
                        title: change.title ?? current.title, body: change.body ?? current.body,
                        tags: change.tags ?? current.tags)
                }
                documents[id] = current
                if change == nil || current.title == nil {
                    state = "parked"
                    lastError = "its fields could not be read when the outboxes became one"
                } else {
                    body = try JSONEncoder().encode(current)
                }
            }
            // Both outboxes drew from one numbering (v11); a number used twice anyway gets a new one.
            let taken = try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM outbox WHERE seq = ?)", arguments: [try column("seq")])
            try insert.execute(
                arguments: [
                    taken == true ? DatabaseValue.null : try column("seq"), id, operation, body,
                    try column("base_etag"),
                    try column("idempotency_key"), try column("attempts"), state, lastError,
                    try column("created_at"), try column("remote"),
                    try column("remote_etag"),
                ])
        }
    }

    /// The document's fields as this device holds it: the cached server version, else the
    /// pending one.
    private static func stored(_ id: Int, _ db: Database) throws -> Fields? {
        for table in ["document", "pending_document"] {
            if let row = try Row.fetchOne(
                db, sql: "SELECT title, body, tags FROM \(table) WHERE id = ?", arguments: [id])
            {
                let tags = (try? row.decode(String.self, forColumn: "tags")) ?? ""
                return Fields(
                    title: try? row.decode(String.self, forColumn: "title"),
                    body: try? row.decode(String.self, forColumn: "body"),
                    tags: tags.split(separator: " ").map(String.init))
            }
        }
        return nil
    }
}
