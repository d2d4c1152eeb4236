import Foundation
import GRDB

extension ResourceStore {
    /// A list answer's parts: the summaries' JSON, deleted ids and the collection's version.
    struct Listing: Sendable {
        let summaries: [String]
        let deleted: [Int]
        let version: Int
    }

    /// A change list's parts: whole resources (each with its `etag`), deleted ids, the version to
    /// ask from next and whether more follows.
    struct Changes: Sendable {
        let resources: [String]
        let deleted: [Int]
        let version: Int
        let more: Bool
    }

    /// The collection's resources matching `query`, newest change first; with `since`, only
    /// those changed after it, and the ids deleted after it.
    func list(_ collection: String, query: String?, since: Int?, _ db: Database) throws -> Listing {
        var sql = "SELECT summary FROM resource WHERE collection = ? AND deleted = 0"
        var arguments: StatementArguments = [collection]
        if let since {
            sql += " AND changed_at > ?"
            arguments += [since]
        }
        if let query {
            sql += " AND instr(search, ?) > 0"
            arguments += [query.folded]
        }
        sql += " ORDER BY updated_at DESC, id DESC"
        let summaries = try String.fetchAll(db, sql: sql, arguments: arguments)
        let deleted =
            try since.map { since in
                try Int.fetchAll(
                    db,
                    sql: """
                        SELECT id FROM resource WHERE collection = ? AND deleted = 1 AND changed_at > ? ORDER BY id
                        """,
                    arguments: [collection, since])
            } ?? []
        return Listing(summaries: summaries, deleted: deleted, version: try version(of: collection, db))
    }

    /// Up to `limit` changes after version `since`, oldest first.
    func changes(_ collection: String, since: Int, limit: Int, _ db: Database) throws -> Changes {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT id, version, representation, deleted, changed_at FROM resource
                WHERE collection = ? AND changed_at > ? ORDER BY changed_at LIMIT ?
                """,
            arguments: [collection, since, limit == Int.max ? -1 : limit + 1])
        let more = limit != Int.max && rows.count > limit
        var resources: [String] = []
        var deleted: [Int] = []
        var reached = since
        for row in rows.prefix(limit) {
            let id: Int = row[0]
            reached = row[4]
            if row[3] as Bool {
                deleted.append(id)
            } else {
                let tag = tags.tag(collection: collection, id: id, version: row[1])
                resources.append(Self.adding(etag: tag, to: row[2]))
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

    /// A stored representation with an `etag` member first.
    static func adding(etag: String, to representation: String) -> String {
        guard representation.hasPrefix("{") else { return representation }
        let member = "\"etag\":" + JSONValue.string(etag).text
        return representation == "{}" ? "{\(member)}" : "{\(member)," + representation.dropFirst()
    }
}
