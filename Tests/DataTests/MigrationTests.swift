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

    @Test func aDatabaseOfThePreviousReleaseOpensAndEveryRowReads() async throws {
        // Given a file written by the previous release (schema v3): cached rows, a cached list,
        // a pending edit, a document created offline, and a conflict.
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
        let list = try #require(try await database.documentListStore().find(.all))
        #expect(list.value.map(\.id.rawValue) == [2, 1] && list.value.first?.updatedAt == Seed.later)
        #expect(try await database.userStore().find(1)?.value.name == "Ada")
        // and the outbox is intact: the edit, the creation and the conflict with both versions
        let outbox = OutboxStore(database: database)
        let entries = try outbox.entries()
        #expect(entries.map(\.entry.operation) == [.update, .create, .update])
        #expect(entries.map(\.entry.state) == [.pending, .pending, .conflict])
        #expect(entries[0].change?.changes == DocumentChanges(title: nil, body: "edited offline", tags: nil))
        #expect(entries[1].change?.draft == DocumentDraft(title: "Made offline", body: "b", tags: []))
        #expect(entries[2].remote?.body == "server body" && entries[2].remoteETag == nil)
        #expect(try outbox.pendingDocument(-1)?.document.title == "Made offline")
        #expect(try outbox.pendingDocument(2)?.document.syncState == .conflict)
        #expect(try outbox.serverID(forLocal: -5) == 7)
        let status = await DataStack(
            database: database, api: APIClient.unreachable, monitor: NetworkMonitor(), now: { Date() }
        ).sync.status()
        #expect(status.pending == 2 && status.conflicts == 1 && status.serverVersion == 12)
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
