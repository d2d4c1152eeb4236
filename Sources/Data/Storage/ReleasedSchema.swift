import GRDB

/// The schema texts of released migrations whose code has since moved on: a released migration
/// runs exactly as it ran then, so its text is kept here as it was, never edited.
enum ReleasedSchema {
    /// v7: the features' own outbox, their identifier map and the identifiers they issued.
    static let resourceOutbox = """
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

    /// v9: the documents' full-text index, kept by triggers that mark changed rows (ADR 0034).
    ///
    /// Its own copy of the text, not an external-content table: `document` is written with
    /// `INSERT OR REPLACE`, whose implicit delete fires no trigger, and an external-content index
    /// must be told the old text of every row it drops.
    static let documentSearchIndex = """
        CREATE VIRTUAL TABLE document_fts USING fts5(
            title, body, tags, tokenize = 'unicode61 remove_diacritics 2'
        );
        CREATE TABLE document_fts_dirty (id INTEGER PRIMARY KEY);  -- rows changed since the index took them in
        CREATE TRIGGER document_fts_insert AFTER INSERT ON document BEGIN
            INSERT OR IGNORE INTO document_fts_dirty (id) VALUES (new.id);
        END;
        CREATE TRIGGER document_fts_update AFTER UPDATE OF id, title, body, tags ON document BEGIN
            INSERT OR IGNORE INTO document_fts_dirty (id) VALUES (old.id), (new.id);
        END;
        CREATE TRIGGER document_fts_delete AFTER DELETE ON document BEGIN
            INSERT OR IGNORE INTO document_fts_dirty (id) VALUES (old.id);
        END;
        INSERT INTO document_fts_dirty (id) SELECT id FROM document;
        """

    /// Makes the `AUTOINCREMENT` table `table` number its next row after `number`.
    static func raiseSequence(of table: String, to number: Int, _ db: Database) throws {
        try db.execute(sql: "UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = ?", arguments: [number, table])
        if db.changesCount == 0 {
            try db.execute(sql: "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", arguments: [table, number])
        }
    }
}
