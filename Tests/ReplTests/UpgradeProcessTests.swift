import DemoBackend
import Foundation
import GRDB
import TestSupport
import Testing

@testable import StrataData

/// A home written by the release before the one outbox (schema v12) opens in this build and syncs
/// to the server state that release would have reached: nothing it had queued is lost.
@Suite("Upgrading a home, as a process")
nonisolated struct UpgradeProcessTests {
    let repl = ReplProcess.built()

    @Test func aHomeOfTheReleaseBeforeTheOneOutboxSyncsAsItWouldHave() async throws {
        // Given a home at schema v12 whose device, at change 3 of the demo server, queued: an edit
        // of document 2, a document made offline and edited again, a delete of document 3, a
        // conflict on document 1, a document the server refused (parked), and a change of a
        // feature this build does not have
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("strata-upgrade-\(UUID().uuidString)")
        defer { ReplProcess.removeHome(home) }
        let file = home.appendingPathComponent("Library/Application Support/strata.sqlite")
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            let pool = try DatabasePool(path: file.path)
            try AppDatabase.migrator.migrate(pool, upTo: AppDatabase.Migrations.featureConflicts)
            try await pool.write { db in try db.execute(sql: Self.queuedByTheEarlierRelease) }
        }
        let backend = try DemoBackend(signIn: .open)
        let url = try await backend.start()
        // When this build opens it and syncs
        let run = try await repl.run(
            ["--home", home.path, "--remote", url.absoluteString, "--format", "json"],
            input: Data("sync\noutbox list\nconflicts list\ndocs show -1\n".utf8))
        #expect(run.status == 0, "\(run.stderr)")
        // Then the server holds what the earlier release would have sent
        let server = await backend.documentSnapshot()
        #expect(server.map(\.id) == [1, 2, 4], "\(server.map(\.id))")
        #expect(server.first { $0.id == 1 }?.title == "Welcome to Strata", "the conflict waits for the user")
        #expect(server.first { $0.id == 2 }.map { [$0.body, String($0.version)] } == ["edited offline", "2"])
        #expect(
            server.first { $0.id == 4 }.map { [$0.title, $0.body, String($0.version)] }
                == ["Made offline", "second draft", "2"])
        // And what it could not send is still there: the conflict, the parked document, the feature's change
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let outbox = try #require(lines.first { $0.hasPrefix(#"{"entries""#) }, "\(run.stdout)")
        #expect(
            outbox.contains("\"conflict\"") && outbox.contains("\"parked\"") && outbox.contains("bookmarks"),
            "\(outbox)")
        #expect(run.stdout.contains("\"Mine\""), "the conflict shows this device's version: \(run.stdout)")
        #expect(run.stdout.contains("\"second draft\""), "the document made offline reads under its old id")
    }

    /// Rows as the release before the one outbox wrote them, in SQL.
    static let queuedByTheEarlierRelease = """
        INSERT INTO document VALUES (1, 'Welcome to Strata', 'Strata is a four-layer template. Start with the Guide.', 'intro', 1767258000, 1767258000, 1);
        INSERT INTO document VALUES (2, 'Layer rules', 'Domain depends on nothing.', 'architecture rules', 1767258600, 1767258600, 1);
        INSERT INTO document VALUES (3, 'Shopping list', 'Milk, eggs.', 'home', 1767259200, 1767259200, 1);
        INSERT INTO cache_metadata VALUES ('document:1', 1767258000, '"d1-v1"', 60);
        INSERT INTO cache_metadata VALUES ('document:2', 1767258000, '"d2-v1"', 60);
        INSERT INTO cache_metadata VALUES ('document:3', 1767258000, '"d3-v1"', 60);
        INSERT INTO outbox (document_id, operation, payload, base_etag, idempotency_key, created_at, state)
            VALUES (2, 'update', CAST('{"body":"edited offline"}' AS BLOB), '"d2-v1"', 'up-1', 1767344400, 'pending');
        INSERT INTO outbox (document_id, operation, payload, base_etag, idempotency_key, created_at, state)
            VALUES (-1, 'create', CAST('{"title":"Made offline","body":"draft","tags":["home"]}' AS BLOB), NULL, 'up-2',
            1767344410, 'pending');
        INSERT INTO outbox (document_id, operation, payload, base_etag, idempotency_key, created_at, state)
            VALUES (-1, 'update', CAST('{"body":"second draft"}' AS BLOB), NULL, 'up-3', 1767344420, 'pending');
        INSERT INTO outbox (document_id, operation, payload, base_etag, idempotency_key, created_at, state)
            VALUES (3, 'delete', NULL, '"d3-v1"', 'up-4', 1767344430, 'pending');
        INSERT INTO outbox (document_id, operation, payload, base_etag, idempotency_key, created_at, state, last_error,
            remote, remote_etag)
            VALUES (1, 'update', CAST('{"title":"Mine"}' AS BLOB), '"d1-v0"', 'up-5', 1767344440, 'conflict',
            'the server has another version',
            CAST('{"id":1,"title":"Welcome to Strata","body":"Strata is a four-layer template. Start with the Guide.","tags":["intro"],"createdAt":"2026-01-01T09:00:00Z","updatedAt":"2026-01-01T09:00:00Z","version":1}' AS BLOB),
            '"d1-v1"');
        INSERT INTO outbox (document_id, operation, payload, base_etag, idempotency_key, created_at, state, attempts,
            last_error)
            VALUES (-2, 'create', CAST('{"title":"Refused","body":"","tags":[]}' AS BLOB), NULL, 'up-6', 1767344450,
            'parked', 1, 'the server refused the content (422)');
        INSERT INTO pending_document VALUES (2, 'Layer rules', 'edited offline', 'architecture rules', 1767258600, 1767344400, 1, 0);
        INSERT INTO pending_document VALUES (-1, 'Made offline', 'second draft', 'home', 1767344410, 1767344420, 0, 0);
        INSERT INTO pending_document VALUES (3, 'Shopping list', 'Milk, eggs.', 'home', 1767259200, 1767344430, 1, 1);
        INSERT INTO pending_document VALUES (1, 'Mine', 'Strata is a four-layer template. Start with the Guide.', 'intro', 1767258000, 1767344440, 1, 0);
        INSERT INTO pending_document VALUES (-2, 'Refused', '', '', 1767344450, 1767344450, 0, 0);
        INSERT INTO resource_outbox (seq, collection, item_id, operation, body, idempotency_key, state, created_at)
            VALUES (7, 'bookmarks', -1, 'create', CAST('{"url":"https://swift.org"}' AS BLOB), 'up-7', 'pending',
            1767344460);
        UPDATE sqlite_sequence SET seq = 7 WHERE name = 'outbox';
        INSERT INTO sync_state VALUES ('serverVersion', '3');
        INSERT INTO sync_state VALUES ('nextLocalId', '-3');
        """
}
