import Foundation
import GRDB
import TestSupport
import Testing

@testable import DemoBackend

/// The server's migrations keep what was there: a session opened before tokens were kept as
/// digests still signs its holder in, and its token is no longer stored.
@Suite("The demo server's migrations")
struct ServerMigrationTests {
    @Test func sessionTokensBecomeDigestsAndStillSignIn() async throws {
        // Given a database at v4 with a session stored as its token
        let folder = try ScratchFolder()
        let data = folder.url.appendingPathComponent("server")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let file = data.appendingPathComponent("server.sqlite")
        let queue = try DatabaseQueue(path: file.path)
        try ServerDatabase.migrator.migrate(queue, upTo: "v4: attachments")
        let token = String(repeating: "ab", count: 32)
        let now = Date().timeIntervalSince1970
        try await queue.write { db in
            try db.execute(
                sql: "INSERT INTO session (token, account, created_at) VALUES (?, 'ada', ?)", arguments: [token, now])
        }
        try queue.close()
        // When the server opens it
        let backend = try DemoBackend(data: data)
        let client = ServerClient(baseURL: try await backend.start())
        // Then the session still signs ada in, and only its digest is stored
        let current = try await client.send("GET", "/sessions/current", headers: ["Authorization": "Bearer \(token)"])
        #expect(current.status == 200 && current.object["name"] as? String == "ada")
        let stored = try DatabaseQueue(path: file.path).read { db in
            try Row.fetchAll(db, sql: "SELECT token_digest, account, created_at FROM session")
        }
        #expect(stored.count == 1)
        #expect(stored.first?["token_digest"] == SessionStore.digest(token))
        #expect(stored.first?["account"] == "ada")
        #expect((stored.first?["created_at"] as Double?) == now)
    }

    @Test func listsOfItemsStoredBeforeV6SayWhenEachWasMade() throws {
        let queue = try DatabaseQueue()
        try ServerDatabase.migrator.migrate(queue, upTo: "v5: session tokens kept as digests")
        let representation =
            #"{"createdAt":"2026-01-01T09:00:00Z","id":1,"title":"t","updatedAt":"2026-01-02T09:00:00Z","version":2}"#
        let summary = #"{"id":1,"title":"t","updatedAt":"2026-01-02T09:00:00Z","version":2}"#
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO resource (collection, id, version, representation, summary, search, updated_at, changed_at)
                    VALUES ('documents', 1, 2, ?, ?, 't', 0, 1)
                    """, arguments: [representation, summary])
        }
        try ServerDatabase.migrator.migrate(queue)
        let migrated = try queue.read { db in
            try String.fetchOne(
                db,
                sql:
                    "SELECT json_extract(summary, '$.createdAt') || ' ' || json_extract(summary, '$.title') FROM resource"
            )
        }
        #expect(migrated == "2026-01-01T09:00:00Z t")
    }

    /// A server that finds no database file creates one, and keeps a file that another server
    /// created and migrated since it looked: it once replaced it with an empty one, and the
    /// other server's next connection read "no such table: sequence".
    @Test func theDatabaseFileIsCreatedOwnerOnlyAndOneThatIsThereIsKeptAsItIs() throws {
        let folder = try ScratchFolder()
        let file = folder.url.appendingPathComponent("server.sqlite")
        ServerDatabase.createIfMissing(file.path)
        let created = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((created[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect((created[.size] as? NSNumber)?.intValue == 0)
        let queue = try DatabaseQueue(path: file.path)
        try ServerDatabase.migrator.migrate(queue)
        let migrated = try FileManager.default.attributesOfItem(atPath: file.path)
        ServerDatabase.createIfMissing(file.path)
        let kept = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect(kept[.systemFileNumber] as? NSNumber == migrated[.systemFileNumber] as? NSNumber)
        #expect(try queue.read { db in try db.tableExists("sequence") })
        #expect(try DatabaseQueue(path: file.path).read { db in try db.tableExists("sequence") })
    }
}
