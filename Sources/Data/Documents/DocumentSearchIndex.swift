import Domain
import Foundation
import GRDB

/// The full-text index over the documents stored on this device (SQLite FTS5): `docs search`
/// answers from it under `local-only` and `cache-first`, offline too.
///
/// Triggers on `document` mark every row any writer changes (a sync's pull, a live change's
/// fetch, the answer to a local write) in `document_fts_dirty`, in the writer's own transaction,
/// so no writer can forget the index; the index takes the marked rows in before the next search,
/// in two statements rather than one per row in the trigger, which slowed a large ingest (ADR
/// 0034). Documents not sent yet
/// are matched by
/// ``DocumentSearch/matches(_:words:)`` in the repository, as they are shown.
struct DocumentSearchIndex: Sendable {
    let database: AppDatabase

    /// The most results a search returns, best first.
    static let limit = 100

    /// The index's schema: the table, the marks, the triggers that set them, and the rows already
    /// stored, marked.
    ///
    /// Its own copy of the text, not an external-content table: `document` is written with
    /// `INSERT OR REPLACE`, whose implicit delete fires no trigger, and an external-content index
    /// must be told the old text of every row it drops.
    static let schema = """
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

    /// The engine's index over the same tables (the schema above is its layout, written out as
    /// migration v9 ran it): it takes the marked rows in and words a query.
    private var index: SearchIndex {
        SearchIndex(database: database, table: "document", columns: ["title", "body", "tags"])
    }

    /// Takes the marked rows into the index (a no-op read when none are marked).
    func catchUp() throws(StorageError) {
        try index.catchUp()
    }

    /// The stored documents in which every one of `words` begins a word, best match first
    /// (``DocumentSearch/rankWeights``, then newest change), at most `limit`.
    func search(_ words: [String], limit: Int = Self.limit) throws(StorageError) -> [DocumentSummary] {
        try catchUp()
        let expression = SearchIndex.expression(words)
        let weights = DocumentSearch.rankWeights
        return try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT document.id, document.title, document.tags, document.updated_at, document.version
                        FROM document_fts JOIN document ON document.id = document_fts.rowid
                        WHERE document_fts MATCH ?
                        ORDER BY bm25(document_fts, ?, ?, ?), document.updated_at DESC, document.id DESC
                        LIMIT ?
                        """),
                arguments: [expression, weights.title, weights.body, weights.tags, limit]
            ).compactMap(DocumentRecord.summary)
        }
    }
}
