import GRDB

extension AppDatabase {
    /// The migrations, in order; each name is recorded in the database once applied.
    ///
    /// A migration is never edited once released: a schema change is a new one, with a test that
    /// builds the schema before it, fills it, migrates, and checks every row.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(Migrations.documentsAndUsers) { db in
            try db.execute(
                sql: """
                    CREATE TABLE document (
                        id INTEGER PRIMARY KEY,
                        title TEXT NOT NULL,
                        body TEXT NOT NULL,
                        tags TEXT NOT NULL,          -- space-separated; tags never contain white space
                        created_at REAL NOT NULL,    -- seconds since 1970, UTC
                        updated_at REAL NOT NULL,
                        version INTEGER NOT NULL
                    );
                    CREATE TABLE user (
                        id INTEGER PRIMARY KEY,
                        name TEXT NOT NULL,
                        email TEXT NOT NULL,
                        bio TEXT NOT NULL
                    );
                    """
            )
        }
        migrator.registerMigration(Migrations.cacheMetadataAndLists) { db in
            try db.execute(
                sql: """
                    CREATE TABLE cache_metadata (
                        key TEXT PRIMARY KEY,        -- 'document:1', 'user:2', 'documents:all'
                        fetched_at REAL NOT NULL,    -- when the server last confirmed the entry
                        etag TEXT,
                        max_age REAL                 -- seconds, from Cache-Control; NULL: per-type TTL
                    );
                    CREATE TABLE document_list (
                        key TEXT PRIMARY KEY,
                        payload BLOB NOT NULL        -- JSON array of document summaries
                    );
                    """
            )
        }
        migrator.registerMigration(Migrations.outbox) { db in
            try db.execute(
                sql: """
                    CREATE TABLE outbox (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT,  -- sending order
                        document_id INTEGER NOT NULL,  -- negative: created offline, not on the server yet
                        operation TEXT NOT NULL,       -- create | update | delete
                        payload BLOB,                  -- JSON: the draft (create) or the changes (update)
                        base_etag TEXT,                -- the server version the change was made against
                        idempotency_key TEXT NOT NULL UNIQUE,
                        created_at REAL NOT NULL,
                        attempts INTEGER NOT NULL DEFAULT 0,
                        state TEXT NOT NULL DEFAULT 'pending',  -- pending | parked | conflict
                        last_error TEXT,
                        remote BLOB                    -- JSON: the server's version, for a conflict
                    );
                    CREATE INDEX outbox_document ON outbox (document_id, seq);
                    CREATE TABLE pending_document (  -- what the user sees until the outbox is sent
                        id INTEGER PRIMARY KEY,
                        title TEXT NOT NULL,
                        body TEXT NOT NULL,
                        tags TEXT NOT NULL,
                        created_at REAL NOT NULL,
                        updated_at REAL NOT NULL,
                        version INTEGER NOT NULL,
                        deleted INTEGER NOT NULL DEFAULT 0
                    );
                    CREATE TABLE id_map (local_id INTEGER PRIMARY KEY, server_id INTEGER NOT NULL);
                    CREATE TABLE sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                    """
            )
        }
        migrator.registerMigration(Migrations.outboxByState) { db in
            try db.execute(sql: "CREATE INDEX outbox_state ON outbox (state, seq)")
        }
        migrator.registerMigration(Migrations.remoteValidator) { db in
            // The server's validator for the version a conflict was against, exactly as sent: the
            // only value that may go back as If-Match when the user keeps the local version.
            try db.alter(table: "outbox") { table in table.add(column: "remote_etag", .text) }
        }
        migrator.registerMigration(Migrations.localState) { db in
            try db.execute(
                sql: """
                    CREATE TABLE local_state (     -- state this device keeps per item and never sends
                        entity TEXT NOT NULL,      -- 'document'
                        id INTEGER NOT NULL,       -- the item's identifier (negative: issued here)
                        name TEXT NOT NULL,        -- 'pinned'
                        value TEXT NOT NULL,       -- JSON
                        PRIMARY KEY (entity, id, name)
                    )
                    """)
        }
        migrator.registerMigration(Migrations.outboxByDocumentAndState) { db in
            // A document's pending entries: with only the two single-purpose indexes, SQLite
            // picks `outbox_state` and reads every pending entry for each one it settles.
            try db.execute(sql: "CREATE INDEX outbox_document_state ON outbox (document_id, state, seq)")
        }
        migrator.registerMigration(Migrations.resourceOutbox) { db in
            try db.execute(sql: ReleasedSchema.resourceOutbox)
        }
        migrator.registerMigration(Migrations.pendingUploads) { db in
            try db.execute(sql: PendingUploadRecord.schema)
        }
        migrator.registerMigration(Migrations.documentSearchIndex) { db in
            try db.execute(sql: ReleasedSchema.documentSearchIndex)
        }
        migrator.registerMigration(Migrations.documentOrder) { db in
            // Pages of the list read in this order, from any position (KeysetPages).
            try db.execute(sql: "CREATE INDEX document_order ON document (updated_at DESC, id DESC)")
        }
        migrator.registerMigration(Migrations.oneNumbering) { db in
            // The features' changes take numbers after the documents' (their order among each
            // other stays); from then on both outboxes drew from one numbering.
            let last = try Int.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'outbox'") ?? 0
            try db.execute(sql: "UPDATE resource_outbox SET seq = -seq")
            try db.execute(sql: "UPDATE resource_outbox SET seq = ? - seq", arguments: [last])
            let highest = try Int.fetchOne(db, sql: "SELECT MAX(seq) FROM resource_outbox") ?? last
            try ReleasedSchema.raiseSequence(of: "outbox", to: max(highest, last), db)
        }
        migrator.registerMigration(Migrations.featureConflicts) { db in
            // A feature's change in conflict keeps the server's version beside it, as a document's
            // does: `conflicts show` reads it, keeping the local version sends over its validator.
            try db.alter(table: "resource_outbox") { table in
                table.add(column: "remote", .blob)
                table.add(column: "remote_etag", .text)
            }
        }
        migrator.registerMigration(Migrations.oneOutbox) { db in
            try OneOutboxMigration.run(db)
        }
        for feature in FeatureRegistry.migrations {
            migrator.registerMigration(feature.name) { db in try db.execute(sql: feature.sql) }
        }
        return migrator
    }

    /// Throws when the database has a migration of the template's that this build does not know.
    ///
    /// A newer build wrote it, and this one would read and write its tables without the columns it
    /// added. A feature's migration is not checked, since a feature may have been removed
    /// (`scaffold-feature --remove`) and its table is then left unread (ADR 0073).
    static func refuseNewerSchema(of pool: DatabasePool, at path: String) throws {
        let known = Set(migrator.migrations)
        let unknown = try pool.read { db in try migrator.appliedIdentifiers(db) }
            .filter { !known.contains($0) && !$0.hasPrefix(FeatureRegistry.Migration.namePrefix) }
        guard let named = unknown.sorted().first else { return }
        throw StorageError.cannotOpen(
            path: path,
            reason: "a newer version of the app wrote it (its migration '\(named)' is unknown here); "
                + "update the app to open it")
    }

    /// The migrations' names, as recorded in `grdb_migrations`.
    enum Migrations {
        static let documentsAndUsers = "v1: documents and users"
        static let cacheMetadataAndLists = "v1: cache metadata and lists"
        static let outbox = "v2: outbox"
        static let outboxByState = "v3: outbox by state"
        static let remoteValidator = "v4: remote validator of a conflict"
        static let localState = "v5: local state"
        static let outboxByDocumentAndState = "v6: outbox by document and state"
        static let resourceOutbox = "v7: resource outbox"
        static let pendingUploads = "v8: pending uploads"
        static let documentSearchIndex = "v9: document search index"
        static let documentOrder = "v10: document order"
        static let oneNumbering = "v11: one numbering for every collection's changes"
        static let featureConflicts = "v12: the server's version of a feature's conflict"
        static let oneOutbox = "v13: one outbox for every collection"
    }
}
