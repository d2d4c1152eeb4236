import DemoBackend
import Domain
import Foundation
import GRDB
import StrataData
import TestSupport
import Testing

/// A server whose entity tags are opaque tokens (no quotes, no readable version): the client
/// only ever sends back what the server gave it, byte for byte.
@Suite("Opaque validators")
struct OpaqueValidatorTests {
    typealias Stack = DocumentRepositoryIntegrationTests.Stack

    @Test func readsRevalidateWithTheTokenAsSent() async throws {
        let stack = try await Stack.make(validators: .opaque)
        _ = try await stack.documents.document(id: 1, policy: .remoteOnly)
        let again = try await stack.documents.document(id: 1, policy: .networkFirst)
        #expect(again.freshness == .revalidated, "the server answered 304 to the token it sent")
        #expect(await stack.live.backend.requestCount("GET /documents/:id") == 2)
    }

    @Test func writesMatchTheTokenAsSent() async throws {
        let stack = try await Stack.make(validators: .opaque)
        _ = try await stack.documents.document(id: 1, policy: .cacheFirst)
        let updated = try await stack.documents.update(
            id: 1, with: FakeData.changes(body: "opaque"))
        #expect(updated.version == 2 && updated.syncState == .synced)
        #expect(await stack.sync.status().pending == 0)
        #expect(await stack.live.backend.documentSnapshot().first { $0.id == 1 }?.body == "opaque")
    }

    @Test(arguments: [true, false])
    func keepingTheLocalVersionOfAConflictSendsTheServersOwnToken(validatorKept: Bool) async throws {
        // Given a manual conflict on document 2 (edited here offline, and on the server)
        let stack = try await Stack.make(validators: .opaque)
        _ = await stack.sync.setConflictPolicy(.manual, for: QueuedChange.documents)
        _ = try await stack.documents.document(id: 2, policy: .cacheFirst)
        await stack.live.backend.stop()
        _ = try await stack.documents.update(id: 2, with: FakeData.changes(body: "mine"))
        try await stack.live.backend.start()
        try await stack.live.backend.editElsewhere("documents", id: 2, fields: #"{"body":"theirs"}"#)
        #expect(try await stack.sync.sync().conflicts == 1)
        let entry = try #require(try await stack.sync.conflicts().first?.entryId)
        if !validatorKept {
            // A conflict saved before validators were kept (a database from the previous release)
            try await stack.rawConnection().write { db in
                try db.execute(sql: "UPDATE outbox SET remote_etag = NULL")
            }
        }
        // When the user keeps the local version
        let kept = try #require(try await stack.sync.resolve(entryId: entry, keeping: .local))
        // Then it reached the server over the server's version
        #expect(kept == 2)
        #expect(try await stack.documents.document(id: 2, policy: .localOnly).value.body == "mine")
        #expect(await stack.live.backend.documentSnapshot().first { $0.id == 2 }?.body == "mine")
        let status = await stack.sync.status()
        #expect(status.pending == 0 && status.conflicts == 0)
    }
}
