import Domain
import Foundation
import GRDB

/// A full-text index (SQLite FTS5) over some text columns of any collection's table on this
/// device: a feature's `<name> search` answers from it, offline too.
///
/// Triggers on the table mark every row any writer changes in `<table>_fts_dirty`, in the
/// writer's own transaction, so no writer can forget the index; the index takes the marked rows in
/// before the next search, in two statements rather than one per row in a trigger (ADR 0034, the
/// documents' index, which works the same way).
struct SearchIndex: Sendable {
    let database: AppDatabase
    /// The indexed table; it has `id INTEGER` and `updated_at REAL` columns.
    let table: String
    /// The indexed columns, texts (a list of words is kept as its JSON text, whose words match).
    let columns: [String]
    /// How much a match in each column counts in the ranking (bm25's weights), in their order.
    let weights: [Double]

    /// The most results a search returns, best first.
    static let limit = 100

    /// The index's schema for `table` and `columns`: the index, the marks, the triggers that set
    /// them, and the rows already stored, marked.
    ///
    /// A feature's migration runs it; once a feature with this index is released its text must
    /// not change (a different index is a new migration).
    static func schema(table: String, columns: [String]) -> String {
        let list = quoted(columns)
        return """
            CREATE VIRTUAL TABLE \(table)_fts USING fts5(\(list), tokenize = 'unicode61 remove_diacritics 2');
            CREATE TABLE \(table)_fts_dirty (id INTEGER PRIMARY KEY);
            CREATE TRIGGER \(table)_fts_insert AFTER INSERT ON \(table) BEGIN
                INSERT OR IGNORE INTO \(table)_fts_dirty (id) VALUES (new.id);
            END;
            CREATE TRIGGER \(table)_fts_update AFTER UPDATE OF id, \(list) ON \(table) BEGIN
                INSERT OR IGNORE INTO \(table)_fts_dirty (id) VALUES (old.id), (new.id);
            END;
            CREATE TRIGGER \(table)_fts_delete AFTER DELETE ON \(table) BEGIN
                INSERT OR IGNORE INTO \(table)_fts_dirty (id) VALUES (old.id);
            END;
            INSERT INTO \(table)_fts_dirty (id) SELECT id FROM \(table);
            """
    }

    /// Takes the marked rows into the index (a no-op read when none are marked).
    func catchUp() throws(StorageError) {
        let marked = try database.read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(table)_fts_dirty)") ?? false
        }
        guard marked else { return }
        let list = Self.quoted(columns)
        let selected = columns.map { "\(table).\($0.quotedDatabaseIdentifier)" }.joined(separator: ", ")
        try database.write { db in
            try db.execute(
                sql: """
                    DELETE FROM \(table)_fts WHERE rowid IN (SELECT id FROM \(table)_fts_dirty);
                    INSERT INTO \(table)_fts (rowid, \(list))
                        SELECT \(table).id, \(selected)
                        FROM \(table) JOIN \(table)_fts_dirty ON \(table)_fts_dirty.id = \(table).id;
                    DELETE FROM \(table)_fts_dirty;
                    """)
        }
    }

    /// The columns as a list of quoted names: a field may be named as an SQL keyword (`order`).
    private static func quoted(_ columns: [String]) -> String {
        columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
    }

    /// The FTS5 query for `words`: each quoted (so nothing in it is FTS syntax) and a prefix, all
    /// of them required.
    static func expression(_ words: [String]) -> String {
        words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }.joined(separator: " ")
    }

    /// The rows in which every one of `words` begins a word of an indexed column, best match
    /// first (bm25 with the columns' weights, then newest change), at most `limit`.
    func search(_ words: [String], limit: Int = Self.limit) throws(StorageError) -> [Row] {
        try catchUp()
        var arguments: [any DatabaseValueConvertible] = [Self.expression(words)]
        arguments += weights.map { $0 as any DatabaseValueConvertible }
        arguments.append(limit)
        return try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT \(table).* FROM \(table)_fts JOIN \(table) ON \(table).id = \(table)_fts.rowid
                        WHERE \(table)_fts MATCH ?
                        ORDER BY bm25(\(table)_fts\(String(repeating: ", ?", count: weights.count))),
                            \(table).updated_at DESC, \(table).id DESC
                        LIMIT ?
                        """),
                arguments: StatementArguments(arguments))
        }
    }
}
