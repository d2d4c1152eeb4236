import Domain
import Foundation
import GRDB
import TestSupport
import Testing

@testable import StrataData

/// Every migration, from the schema before it with data in it: nothing written by the previous
/// release may be lost or become unreadable.
@Suite("Migrations")
struct MigrationTests {
    typealias Names = AppDatabase.Migrations

    /// Each migration with the rows written just before it and the check after it.
    static let cases: [(migration: String, seed: String, check: @Sendable (Database) throws -> Bool)] =
        [
            (Names.documentsAndUsers, "", { db in try db.tableExists("document") && db.tableExists("user") }),
            (
                Names.cacheMetadataAndLists, Seed.documentsAndUsers,
                { db in
                    try count("document", db) == 2 && count("user", db) == 1 && db.tableExists("cache_metadata")
                        && db.tableExists("document_list")
                }
            ),
            (
                Names.outbox, Seed.documentsAndUsers + Seed.cache,
                { db in
                    try count("cache_metadata", db) == 3 && count("document_list", db) == 1 && db.tableExists("outbox")
                }
            ),
            (
                Names.outboxByState, Seed.documentsAndUsers + Seed.cache + Seed.outbox,
                { db in try count("outbox", db) == 3 && db.indexes(on: "outbox").contains { $0.name == "outbox_state" }
                }
            ),
            (
                Names.remoteValidator, Seed.documentsAndUsers + Seed.cache + Seed.outbox,
                { db in
                    try count("outbox", db) == 3 && count("pending_document", db) == 2
                        && Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox WHERE remote_etag IS NULL") == 3
                }
            ),
            (
                Names.localState, Seed.documentsAndUsers + Seed.cache + Seed.outbox,
                { db in try count("outbox", db) == 3 && count("document", db) == 2 && count("local_state", db) == 0 }
            ),
            (
                Names.outboxByDocumentAndState, Seed.documentsAndUsers + Seed.cache + Seed.outbox,
                { db in
                    try count("outbox", db) == 3
                        && db.indexes(on: "outbox").contains { $0.name == "outbox_document_state" }
                }
            ),
            (
                Names.resourceOutbox, Seed.documentsAndUsers + Seed.cache + Seed.outbox,
                { db in
                    try count("outbox", db) == 3 && count("resource_outbox", db) == 0
                        && db.tableExists("resource_id_map")
                        && db.tableExists("resource_local_id")
                }
            ),
            (
                Names.pendingUploads, Seed.documentsAndUsers + Seed.cache + Seed.outbox,
                { db in
                    try count("outbox", db) == 3 && count("document", db) == 2 && count("pending_upload", db) == 0
                }
            ),
            (
                Names.documentSearchIndex, Seed.documentsAndUsers + Seed.cache + Seed.outbox,
                { db in
                    // The documents already stored are marked for the index, which takes them in
                    // before the first search.
                    try count("document", db) == 2 && count("document_fts", db) == 0
                        && Int.fetchAll(db, sql: "SELECT id FROM document_fts_dirty ORDER BY id") == [1, 2]
                }
            ),
            (
                Names.documentOrder, Seed.documentsAndUsers + Seed.cache + Seed.outbox,
                { db in
                    try count("document", db) == 2
                        && db.indexes(on: "document").contains { $0.name == "document_order" }
                }
            ),
            (
                Names.oneNumbering, Seed.documentsAndUsers + Seed.cache + Seed.outbox + Seed.resourceOutbox,
                { db in
                    // The features' changes follow the documents' 1–3, in their own order, and the
                    // next document change (SQLite's AUTOINCREMENT) takes the number after them.
                    let features = try Row.fetchAll(
                        db, sql: "SELECT seq, idempotency_key FROM resource_outbox ORDER BY seq"
                    ).map { "\($0[0] as Int) \($0[1] as String)" }
                    return try count("outbox", db) == 3 && features == ["4 r1", "5 r2"]
                        && Int.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'outbox'") == 5
                }
            ),
            (
                Names.featureConflicts,
                Seed.documentsAndUsers + Seed.cache + Seed.outbox + Seed.resourceOutbox,
                { db in
                    // The queued feature changes stay as they were, with no server version beside them.
                    try Row.fetchAll(
                        db, sql: "SELECT idempotency_key, remote, remote_etag FROM resource_outbox ORDER BY seq"
                    ).map {
                        "\($0[0] as String) \(String(describing: $0[1] as Data?)) \(String(describing: $0[2] as String?))"
                    } == [
                        "r1 nil nil", "r2 nil nil",
                    ]
                }
            ),
            (
                Names.oneOutbox,
                Seed.documentsAndUsers + Seed.cache + Seed.outbox + Seed.numberedResourceOutbox + Seed.beforeOneOutbox,
                { db in try OneOutboxCheck.holds(db) }
            ),
        ]

    static func count(_ table: String, _ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0
    }

    @Test func everyMigrationHasATestCase() {
        #expect(
            AppDatabase.migrator.migrations == Self.cases.map(\.migration) + FeatureRegistry.migrations.map(\.name))
    }

    @Test func everyFeaturesMigrationCreatesItsTable() throws {
        let queue = try DatabaseQueue()
        try AppDatabase.migrator.migrate(queue)
        for feature in FeatureRegistry.migrations {
            #expect(try queue.read { db in try db.tableExists(feature.table) }, "\(feature.name)")
        }
    }

    @Test(arguments: cases.indices)
    func aMigrationKeepsWhatThePreviousSchemaHeld(index: Int) throws {
        let (migration, seed, check) = Self.cases[index]
        let queue = try DatabaseQueue()
        if index > 0 { try AppDatabase.migrator.migrate(queue, upTo: Self.cases[index - 1].migration) }
        try queue.write { db in if !seed.isEmpty { try db.execute(sql: seed) } }
        try AppDatabase.migrator.migrate(queue, upTo: migration)
        #expect(try queue.read(check), "\(migration)")
    }

    /// A change the release before wrote that no longer reads (a damaged file) is parked with
    /// the reason, and the migration goes on: GRDB's subscript trapped on such a row, and the app
    /// could not open its database.
    @Test func aDamagedChangeIsParkedWhenTheOutboxesBecomeOne() throws {
        let index = try #require(Self.cases.firstIndex { $0.migration == Names.oneOutbox })
        let (migration, seed, _) = Self.cases[index]
        let queue = try DatabaseQueue()
        try AppDatabase.migrator.migrate(queue, upTo: Self.cases[index - 1].migration)
        try queue.write { db in
            try db.execute(
                sql: seed + """
                    INSERT INTO outbox (document_id, operation, payload, base_etag, idempotency_key, created_at, state)
                        VALUES ('x', 'update', CAST('{"body":"z"}' AS BLOB), NULL, 'k7', 1767258980, 'pending');
                    INSERT INTO outbox (document_id, operation, payload, base_etag, idempotency_key, created_at, state)
                        VALUES (2, X'00ff', NULL, NULL, 'k8', 1767258990, 'pending');
                    INSERT INTO outbox (document_id, operation, payload, base_etag, idempotency_key, created_at, state)
                        VALUES (2, 'update', CAST('{"body":"z"}' AS BLOB), NULL, 'k9', 1767259000, X'00ff');
                    """)
        }
        try AppDatabase.migrator.migrate(queue, upTo: migration)
        let damaged = try queue.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT idempotency_key, state, last_error FROM outbox
                    WHERE idempotency_key IN ('k7', 'k8', 'k9') ORDER BY seq
                    """
            ).map { "\($0[0] as String) \($0[1] as String) \(($0[2] as String?) ?? "")" }
        }
        let reason = "it could not be read when the outboxes became one"
        #expect(damaged == ["k7 parked \(reason)", "k8 parked \(reason)", "k9 parked \(reason)"])
        #expect(try queue.read { db in try Self.count("outbox", db) } == 11, "the eight changes before them kept")
    }

    @Test func aDatabaseOfThePreviousReleaseOpensAndEveryRowReads() async throws {
        // Given a file written by an earlier release (schema v3): cached rows, a cached list, a
        // pending edit, a document created offline, and a conflict.
        let folder = try ScratchFolder()
        let url = folder.url.appendingPathComponent("v3.sqlite")
        do {
            let pool = try DatabasePool(path: url.path)
            try AppDatabase.migrator.migrate(pool, upTo: Names.outboxByState)
            try await pool.write { db in try db.execute(sql: Seed.documentsAndUsers + Seed.cache + Seed.outbox) }
        }
        // When this release opens it
        let database = try AppDatabase.open(at: url)
        #expect(try database.appliedMigrations().last == AppDatabase.migrator.migrations.last)
        // Then the cached rows read, validators untouched
        let welcome = try #require(try await database.documentStore().find(1))
        #expect(welcome.value.title == "Welcome" && welcome.value.tags == ["intro", "start"])
        #expect(welcome.metadata.etag == "\"d1-v1\"" && welcome.metadata.maxAge == 60)
        #expect(try await database.userStore().find(1)?.value.name == "Ada")
        // and the outbox is intact: the edit, the creation and the conflict with both versions
        let entries = try Outbox(database: database).entries()
        #expect(entries.map(\.operation) == [.update, .create, .update])
        #expect(entries.map(\.state) == [.pending, .pending, .conflict])
        let stack = DataStack(
            database: database, api: APIClient.unreachable, monitor: NetworkMonitor(), now: { Date() })
        let documents = stack.documentRepository
        let made = try await documents.document(id: -1, policy: .localOnly).value
        #expect(made.title == "Made offline" && made.syncState == .pending)
        let mine = try await documents.document(id: 2, policy: .localOnly).value
        #expect(mine.title == "Mine" && mine.body == "edited offline" && mine.syncState == .conflict)
        let conflicts = try await stack.sync.conflicts()
        #expect(conflicts.map { $0.remote?.value(of: "body") } == [.text("server body")])
        #expect(conflicts.map { $0.local?.value(of: "title") } == [.text("Mine")])
        #expect(try database.read { db in try Outbox.serverID("documents", local: -5, db) } == 7)
        let status = await stack.sync.status()
        #expect(status.pending == 2 && status.conflicts == 1 && status.serverVersion == 12)
    }
}

/// What migration v13 must leave of the rows before it: every change in the one outbox, each
/// document change with the whole document it leaves behind, the damaged one parked, this
/// device's versions in the table, and the map, identifiers, change number and policy moved.
private enum OneOutboxCheck {
    static func holds(_ db: Database) throws -> Bool {
        let entries = try Row.fetchAll(
            db,
            sql: "SELECT seq, collection, item_id, operation, state, body, base_etag, remote FROM outbox ORDER BY seq")
        func body(_ row: Row) -> String { (row["body"] as Data?).map { String(decoding: $0, as: UTF8.self) } ?? "-" }
        let described = entries.map { row in
            "\(row["seq"] as Int) \(row["collection"] as String) \(row["item_id"] as Int) \(row["operation"] as String) "
                + "\(row["state"] as String)"
        }
        let expected = [
            "1 documents 2 update pending", "2 documents -1 create pending", "3 documents 2 update conflict",
            "4 bookmarks -1 create pending", "5 bookmarks 4 update parked", "6 documents -1 update pending",
            "7 documents 1 update parked", "8 documents 1 delete parked",
        ]
        let bodies = try entries.map { row in
            try (row["body"] as Data?).map { try JSONDecoder().decode([String: JSONAny].self, from: $0) }
        }
        let fields = bodies.map { $0.map { $0.mapValues(\.text) } }
        let documents = try Row.fetchAll(db, sql: "SELECT id, title, body FROM document ORDER BY id").map {
            "\($0["id"] as Int) \($0["title"] as String) \($0["body"] as String)"
        }
        let state = try Dictionary(
            uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT key, value FROM sync_state").map {
                ($0["key"] as String, $0["value"] as String)
            })
        let gone = try ["pending_document", "id_map", "document_list", "resource_outbox"].allSatisfy {
            try !db.tableExists($0)
        }
        return try described == expected
            && fields[0] == ["title": "Rules", "body": "edited offline", "tags": "architecture"]
            && fields[1] == ["title": "Made offline", "body": "b", "tags": ""]
            && fields[2] == ["title": "Mine", "body": "edited offline", "tags": "architecture"]
            && fields[5] == ["title": "Made offline", "body": "b2", "tags": ""] && fields[6] == nil
            && entries[0]["base_etag"] == "\"d2-v3\"" && (entries[2]["remote"] as Data?) != nil
            && (try Row.fetchOne(db, sql: "SELECT last_error FROM outbox WHERE seq = 7")?[0] as String?)?
                .contains("could not be read") == true
            && documents == ["-1 Made offline b2", "2 Mine edited offline"]
            && state == ["pull:documents": "12", "policy:documents": "clientWins"]
            && Int.fetchOne(
                db, sql: "SELECT server_id FROM resource_id_map WHERE collection = 'documents' AND local_id = -5") == 7
            && Int.fetchOne(db, sql: "SELECT last FROM resource_local_id WHERE collection = 'documents'") == -1
            && Int.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'outbox'") == 8
            && gone && db.tableExists("resource_list")
            && MigrationTests.count("cache_metadata", db) == 2 && MigrationTests.count("local_state", db) == 1
            && body(entries[3]) == #"{"url":"u"}"#
    }
}

/// One JSON value as text, to compare a body's fields.
private enum JSONAny: Decodable {
    case text(String)

    var text: String {
        switch self {
        case .text(let text): text
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .text(text)
        } else {
            self = .text(try container.decode([String].self).joined(separator: ","))
        }
    }
}

/// Rows as the previous releases wrote them, in SQL, so the tests never depend on today's code.
private enum Seed {
    static let earlier = Date(timeIntervalSince1970: 1_767_258_000)
    static let later = Date(timeIntervalSince1970: 1_767_258_600)

    static let documentsAndUsers = """
        INSERT INTO document VALUES (1, 'Welcome', 'Hello', 'intro start', 1767258000, 1767258000, 1);
        INSERT INTO document VALUES (2, 'Rules', 'Layers', 'architecture', 1767258000, 1767258600, 3);
        INSERT INTO user VALUES (1, 'Ada', 'ada@example.com', 'First programs');
        """

    /// The cached list payload is JSON as `JSONEncoder()` wrote the summaries (dates in seconds
    /// since 2001).
    static let cache = """
        INSERT INTO cache_metadata VALUES ('document:1', 1767258000, '"d1-v1"', 60);
        INSERT INTO cache_metadata VALUES ('documents:all', 1767258000, '"l9--"', 30);
        INSERT INTO cache_metadata VALUES ('user:1', 1767258000, '"u1"', NULL);
        INSERT INTO document_list VALUES ('all', CAST('[\(summary(2, "Rules", later, 3)),\(summary(1, "Welcome", earlier, 1))]' AS BLOB));
        """

    /// Two queued changes of a feature, numbered by their own table as before one numbering.
    static let resourceOutbox = """
        INSERT INTO resource_outbox (collection, item_id, operation, body, idempotency_key, state, created_at)
            VALUES ('bookmarks', -1, 'create', CAST('{"url":"u"}' AS BLOB), 'r1', 'pending', 1767258950);
        INSERT INTO resource_outbox (collection, item_id, operation, body, idempotency_key, state, created_at)
            VALUES ('bookmarks', 4, 'update', CAST('{"url":"v"}' AS BLOB), 'r2', 'parked', 1767258960);
        """

    static let outbox = """
        INSERT INTO outbox (document_id, operation, payload, base_etag, idempotency_key, created_at, attempts, state)
            VALUES (2, 'update', CAST('{"body":"edited offline"}' AS BLOB), '"d2-v3"', 'k1', 1767258700, 1, 'pending');
        INSERT INTO outbox (document_id, operation, payload, base_etag, idempotency_key, created_at, state)
            VALUES (-1, 'create', CAST('{"title":"Made offline","body":"b","tags":[]}' AS BLOB), NULL, 'k2', 1767258800, 'pending');
        INSERT INTO outbox (document_id, operation, payload, base_etag, idempotency_key, created_at, state, last_error, remote)
            VALUES (2, 'update', CAST('{"title":"Mine"}' AS BLOB), '"d2-v3"', 'k3', 1767258900, 'conflict',
            'the server has another version',
            CAST('{"id":2,"title":"Rules","body":"server body","tags":["architecture"],"createdAt":"2026-01-01T09:00:00Z","updatedAt":"2026-01-01T10:00:00Z","version":4}' AS BLOB));
        INSERT INTO pending_document VALUES (2, 'Mine', 'edited offline', 'architecture', 1767258000, 1767258900, 3, 0);
        INSERT INTO pending_document VALUES (-1, 'Made offline', 'b', '', 1767258800, 1767258800, 0, 0);
        INSERT INTO id_map VALUES (-5, 7);
        INSERT INTO sync_state VALUES ('serverVersion', '12');
        INSERT INTO sync_state VALUES ('nextLocalId', '-2');
        """

    /// The same two feature changes as one numbering (v11 on) numbered them: after the documents'.
    static let numberedResourceOutbox = """
        INSERT INTO resource_outbox (seq, collection, item_id, operation, body, idempotency_key, state, created_at)
            VALUES (4, 'bookmarks', -1, 'create', CAST('{"url":"u"}' AS BLOB), 'r1', 'pending', 1767258950);
        INSERT INTO resource_outbox (seq, collection, item_id, operation, body, idempotency_key, state, created_at)
            VALUES (5, 'bookmarks', 4, 'update', CAST('{"url":"v"}' AS BLOB), 'r2', 'parked', 1767258960);
        UPDATE sqlite_sequence SET seq = 5 WHERE name = 'outbox';
        """

    /// What the release before the one outbox wrote after v12: a second change to the document
    /// made offline, a change whose fields are damaged and a delete parked for document 1 (deleted
    /// here), a pin on the document made offline, and a chosen conflict policy.
    static let beforeOneOutbox = """
        INSERT INTO outbox (document_id, operation, payload, base_etag, idempotency_key, created_at, state)
            VALUES (-1, 'update', CAST('{"body":"b2"}' AS BLOB), NULL, 'k4', 1767258950, 'pending');
        INSERT INTO outbox (document_id, operation, payload, base_etag, idempotency_key, created_at, state)
            VALUES (1, 'update', CAST('not json' AS BLOB), '"d1-v1"', 'k5', 1767258960, 'pending');
        INSERT INTO outbox (document_id, operation, payload, base_etag, idempotency_key, created_at, state, last_error)
            VALUES (1, 'delete', NULL, '"d1-v1"', 'k6', 1767258970, 'parked', 'forbidden (403)');
        UPDATE pending_document SET body = 'b2' WHERE id = -1;
        INSERT INTO pending_document VALUES (1, 'Welcome', 'Hello', 'intro start', 1767258000, 1767258000, 1, 1);
        INSERT INTO local_state VALUES ('document', -1, 'pinned', 'true');
        INSERT INTO sync_state VALUES ('conflictPolicy', 'clientWins');
        """

    private static func summary(_ id: Int, _ title: String, _ date: Date, _ version: Int) -> String {
        #"{"id":\#(id),"title":"\#(title)","tags":[],"updatedAt":\#(date.timeIntervalSinceReferenceDate),"version":\#(version)}"#
    }
}

extension APIClient {
    /// A client for a server nobody listens on (for tests that never reach it).
    static var unreachable: APIClient {
        APIClient(
            baseURL: URL(fileURLWithPath: "/").deletingLastPathComponent(), http: NIOHTTPClient(timeout: 1),
            security: .development, retry: .never, clock: ContinuousClock(), now: { Date() })
    }
}
