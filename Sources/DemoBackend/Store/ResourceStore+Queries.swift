import Foundation
import GRDB

extension ResourceStore {
    /// A list answer's parts: the summaries' JSON, deleted ids and the collection's version.
    struct Listing: Sendable {
        let summaries: [String]
        let deleted: [Int]
        let version: Int
        /// Where the next page starts, when the list was asked for by pages and more follows.
        var next: ListCursor?
    }

    /// A page of a list: at most `limit` items, after `cursor` (from the list's start when nil);
    /// `fingerprint` is the query's, for the next cursor.
    struct Page: Sendable {
        let limit: Int
        let after: ListCursor?
        let fingerprint: UInt64
    }

    /// A change list's parts: whole resources (each with its `etag`, as JSON objects separated by
    /// commas), deleted ids, the version to ask from next and whether more follows.
    struct Changes: Sendable {
        let resources: String
        let deleted: [Int]
        let version: Int
        let more: Bool
    }

    /// The collection's resources matching `query`, newest change first; with `since`, only
    /// those changed after it, and the ids deleted after it.
    ///
    /// With `page`, a keyset page in that order: the items after the cursor's position (the same
    /// whether or not its item still exists), and the cursor of the page's last item when more follow.
    func list(_ collection: String, query: String?, since: Int?, page: Page? = nil, _ db: Database) throws -> Listing {
        var sql = "SELECT summary, updated_at, id FROM resource WHERE collection = ? AND deleted = 0"
        var arguments: StatementArguments = [collection]
        if let since {
            sql += " AND changed_at > ?"
            arguments += [since]
        }
        if let query {
            sql += " AND instr(search, ?) > 0"
            arguments += [query.folded]
        }
        if let after = page?.after {
            sql += " AND (updated_at < ? OR (updated_at = ? AND id < ?))"
            arguments += [after.updatedAt, after.updatedAt, after.id]
        }
        sql += " ORDER BY updated_at DESC, id DESC"
        if let page {
            sql += " LIMIT ?"
            arguments += [page.limit + 1]  // one more says whether another page follows
        }
        var rows = try Row.fetchAll(db, sql: sql, arguments: arguments)
        var next: ListCursor?
        if let page, rows.count > page.limit {
            rows.removeLast()
            next = try rows.last.map { row in
                ListCursor(
                    updatedAt: try row.decode(Double.self, atIndex: 1), id: try row.decode(Int.self, atIndex: 2),
                    query: page.fingerprint)
            }
        }
        let summaries = try rows.map { row in try row.decode(String.self, atIndex: 0) }
        let deleted =
            try since.map { since in
                try Int.fetchAll(
                    db,
                    sql: """
                        SELECT id FROM resource WHERE collection = ? AND deleted = 1 AND changed_at > ? ORDER BY id
                        """,
                    arguments: [collection, since])
            } ?? []
        return Listing(summaries: summaries, deleted: deleted, version: try version(of: collection, db), next: next)
    }

    /// Up to `limit` changes after version `since`, oldest first.
    func changes(_ collection: String, since: Int, limit: Int, _ db: Database) throws -> Changes {
        // A page goes out as one text, written as the rows are read: no row is copied, and no
        // string is made per resource.
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT id, version, representation, deleted, changed_at FROM resource
                WHERE collection = ? AND changed_at > ? ORDER BY changed_at LIMIT ?
                """,
            arguments: [collection, since, limit == Int.max ? -1 : limit + 1])
        var resources = ""
        var deleted: [Int] = []
        var reached = since
        var read = 0
        var more = false
        while let row = try rows.next() {
            read += 1
            if read > limit {
                more = true
                break
            }
            let id = try row.decode(Int.self, atIndex: 0)
            reached = try row.decode(Int.self, atIndex: 4)
            if try row.decode(Bool.self, atIndex: 3) {
                deleted.append(id)
            } else {
                if !resources.isEmpty { resources += "," }
                let version = try row.decode(Int.self, atIndex: 1)
                Self.append(
                    try row.decode(String.self, atIndex: 2),
                    etag: tags.tag(collection: collection, id: id, version: version),
                    to: &resources)
            }
        }
        return Changes(
            resources: resources, deleted: deleted, version: more ? reached : try version(of: collection, db),
            more: more)
    }

    /// How many live resources a collection holds.
    func count(_ collection: String, _ db: Database) throws -> Int {
        try Int.fetchOne(
            db, sql: "SELECT count(*) FROM resource WHERE collection = ? AND deleted = 0", arguments: [collection]) ?? 0
    }

    /// The number of a collection's last change (0 before any).
    func version(of collection: String, _ db: Database) throws -> Int {
        try Int.fetchOne(
            db, sql: "SELECT value FROM sequence WHERE name = ?", arguments: [Self.versionSequence(collection)]) ?? 0
    }

    /// The name of the sequence that numbers a collection's changes.
    static func versionSequence(_ collection: String) -> String { "version:\(collection)" }

    /// The name of the sequence that numbers a collection's ids (never reset: ids are never reused).
    static func idSequence(_ collection: String) -> String { "id:\(collection)" }

    /// Appends a stored representation to `text` with an `etag` member first.
    static func append(_ representation: String, etag: String, to text: inout String) {
        guard representation.hasPrefix("{") else {
            text += representation
            return
        }
        text += #"{"etag":"#
        text += JSONValue.string(etag).text
        if representation != "{}" { text += "," }
        text += representation.dropFirst()
    }
}
