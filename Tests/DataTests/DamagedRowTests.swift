import DemoBackend
import Domain
import Foundation
import GRDB
import StrataData
import TestSupport
import Testing

/// A cached row that no longer decodes is a miss: dropped, fetched again, never an error; the
/// row of an item with a change waiting is this device's version, and stays.
@Suite("Damaged cached rows")
struct DamagedRowTests {
    typealias Stack = DocumentRepositoryIntegrationTests.Stack

    static let damage = [
        "UPDATE document SET version = 'seven' WHERE id = 1",
        "UPDATE document SET title = NULL WHERE id = 1",
        "UPDATE document SET id = 0 WHERE id = 1",
    ]

    @Test(arguments: damage)
    func aDamagedDocumentRowIsDroppedAndFetchedAgain(sql: String) async throws {
        let stack = try await Stack.make()
        _ = try await stack.documents.document(id: 1, policy: .cacheFirst)
        try await breakSchemaChecks(stack, sql)
        let read = try await stack.documents.document(id: 1, policy: .skipMemory)
        #expect(read.value.title == "Welcome to Strata" && read.origin == .network)
        #expect(await stack.live.backend.requestCount("GET /documents/:id") == 2)
    }

    @Test(arguments: [
        "not json", #"[{"id": "one"}]"#, #"[{"id": 0, "title": "x", "tags": [], "updatedAt": 0, "version": 1}]"#,
    ])
    func aCachedListThatNoLongerDecodesIsFetchedAgain(payload: String) async throws {
        let stack = try await Stack.make()
        _ = try await stack.documents.documents(policy: .cacheFirst)
        try await stack.rawConnection().write { db in
            try db.execute(
                sql: "UPDATE resource_list SET payload = CAST(? AS BLOB) WHERE key = 'documents:all'",
                arguments: [payload])
        }
        // The damaged copy on disk is not served (skip-memory would serve it, from disk).
        let listed = try await stack.documents.documents(policy: .skipMemory)
        #expect(listed.value.count == 3 && listed.origin == .network)
    }

    /// A moment far off in a cache or sync row traps a conversion of its age to `Int` (it
    /// crashed the shell at every read of the document, or search on the device).
    @Test(arguments: [
        "UPDATE cache_metadata SET fetched_at = 1e300", "UPDATE cache_metadata SET fetched_at = -1e300",
        "UPDATE sync_state SET value = '1e300' WHERE key = 'lastSyncAt'",
        "UPDATE sync_state SET value = '-1e300' WHERE key = 'lastSyncAt'",
        "UPDATE sync_state SET value = 'inf' WHERE key = 'lastSyncAt'",
    ])
    func aMomentFarOffGivesAnAgeNotACrash(sql: String) async throws {
        let stack = try await Stack.make()
        _ = try await stack.sync.sync { _ in }
        _ = try await stack.documents.document(id: 1, policy: .cacheFirst)
        try await stack.rawConnection().write { db in try db.execute(sql: sql) }
        let read = try await stack.documents.document(id: 1, policy: .skipMemory)
        #expect(read.value.title == "Welcome to Strata")
        let found = try await stack.documents.search("welcome", policy: .localOnly)
        #expect(found.value.map(\.id.rawValue) == [1])
        #expect((0...1_000_000_000_000).contains(found.ageSeconds))
    }

    /// GRDB's subscript trapped on these: the next page's cursor read from a damaged row, and the
    /// outbox's counts of a damaged state.
    @Test func aDamagedChangeTimeOrStateIsAnErrorOrACountNotACrash() async throws {
        let stack = try await Stack.make()
        _ = try await stack.sync.sync { _ in }
        try await stack.rawConnection().write { db in
            try db.execute(sql: "UPDATE document SET updated_at = 'x' WHERE id = 1")
            try db.execute(
                sql: """
                    INSERT INTO outbox (collection, item_id, operation, body, idempotency_key, state, created_at)
                        VALUES ('documents', 1, 'delete', NULL, 'k1', X'00ff', 0)
                    """)
        }
        await #expect(throws: DocumentError.storageFailure) {
            try await stack.documents.documents(page: PageRequest(limit: 1), policy: .localOnly)
        }
        #expect(await stack.sync.status().parked == 1)
    }

    /// The damaged row of an item with a change waiting stays until the push's answer replaces it.
    ///
    /// That row is this device's version: it was dropped as a cached copy, and the item read as
    /// not found until the push.
    @Test func aDamagedRowWithAChangeWaitingStaysAndTheChangeIsSent() async throws {
        let stack = try await damagedWhileAChangeWaits()
        await #expect(throws: DocumentError.storageFailure) {
            try await stack.documents.document(id: 2, policy: .cacheFirst)
        }
        let kept = try await stack.rawConnection().read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM document WHERE id = 2")
        }
        #expect(kept == 1, "the row stays")
        try await stack.live.backend.start()
        #expect(try await stack.sync.sync().pushed == 1)
        let read = try await stack.documents.document(id: 2, policy: .cacheFirst).value
        #expect(read.title == "Layer rules" && read.body == "edited offline" && read.syncState == .synced)
    }

    @Test func anItemWhoseKeptDamagedRowHasAChangeWaitingCanStillBeDeleted() async throws {
        let stack = try await damagedWhileAChangeWaits()
        try await stack.documents.delete(id: 2)
        try await stack.live.backend.start()
        _ = try await stack.sync.sync()
        #expect(await stack.live.backend.documentSnapshot().map(\.id) == [1, 3])
    }

    @Test func aDamagedUserRowIsDroppedAndFetchedAgain() async throws {
        let stack = try await Stack.make()
        _ = try await stack.users.user(id: 1, policy: .cacheFirst)
        try await breakSchemaChecks(stack, "UPDATE user SET name = x'00ff' WHERE id = 1")
        #expect(try await stack.users.user(id: 1, policy: .skipMemory).value.name == "Ada Lovelace")
    }

    /// A stack, offline, whose document 2 has an edit waiting and a row that no longer reads.
    private func damagedWhileAChangeWaits() async throws -> Stack {
        let stack = try await Stack.make()
        _ = try await stack.documents.document(id: 2, policy: .cacheFirst)
        await stack.live.backend.stop()
        _ = try await stack.documents.update(id: 2, with: FakeData.changes(body: "edited offline"))
        try await breakSchemaChecks(stack, "UPDATE document SET title = NULL WHERE id = 2")
        stack.database.forgetReadSnapshot()  // another connection wrote, as another process would
        return stack
    }

    /// Runs `sql` on the database as a damaged or foreign writer would (without the NOT NULL and
    /// type checks a normal write goes through).
    private func breakSchemaChecks(_ stack: Stack, _ sql: String) async throws {
        try await stack.rawConnection().writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA writable_schema = ON")
            try db.execute(
                sql: """
                    UPDATE sqlite_schema SET sql = replace(sql, 'NOT NULL', '') WHERE name IN ('document', 'user')
                    """)
            try db.execute(sql: "PRAGMA writable_schema = OFF")
        }
        let reopened = try stack.rawConnection()
        try await reopened.write { db in try db.execute(sql: sql) }
    }
}
