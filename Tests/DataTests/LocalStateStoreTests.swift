import DemoBackend
import Domain
import Foundation
import StrataData
import TestSupport
import Testing

/// Device-only state of items: kept, replaced, forgotten, and carried to a new identifier.
@Suite("Local state")
struct LocalStateStoreTests {
    static let pinned = LocalStateKey<Bool>.document("pinned")
    static let note = LocalStateKey<String>(entity: "user", name: "note")

    @Test func valuesAreKeptPerItemAndKindAndCanBeForgotten() throws {
        let folder = try ScratchFolder()
        let store = LocalStateStore(database: try AppDatabase.open(at: folder.url.appendingPathComponent("db.sqlite")))
        #expect(try store.value(Self.pinned, for: 1) == nil)
        try store.set(true, for: Self.pinned, id: 1)
        try store.set(false, for: Self.pinned, id: 2)
        try store.set("likes tea", for: Self.note, id: 1)
        #expect(try store.value(Self.pinned, for: 1) == true && store.value(Self.note, for: 1) == "likes tea")
        #expect(try store.values(Self.pinned) == [1: true, 2: false])
        try store.set(nil, for: Self.pinned, id: 1)
        #expect(try store.values(Self.pinned) == [2: false])
    }

    @Test func theStateOfADocumentCreatedHereFollowsItToItsServerID() async throws {
        let stack = try await DocumentRepositoryIntegrationTests.Stack.make()
        let store = LocalStateStore(database: stack.database)
        await stack.live.backend.stop()
        let created = try await stack.documents.create(FakeData.draft(title: "offline"))
        try store.set(true, for: Self.pinned, id: created.id.rawValue)
        try await stack.live.backend.start()
        #expect(try await stack.sync.sync().pushed == 1)
        let serverID = try await stack.documents.document(id: created.id, policy: .localOnly).value.id
        #expect(serverID.isIssuedByServer)
        let values = try store.values(Self.pinned)
        #expect(values == [serverID.rawValue: true], "\(values) \(serverID)")
    }

    @Test func cachesBeingClearedLeaveItAlone() async throws {
        let stack = try await DocumentRepositoryIntegrationTests.Stack.make()
        let store = LocalStateStore(database: stack.database)
        try store.set(true, for: Self.pinned, id: 1)
        let caches = DataStack(
            database: stack.database, api: stack.live.client, monitor: stack.live.monitor, now: { Date() })
        try await caches.clearLocal()
        #expect(try store.value(Self.pinned, for: 1) == true)
    }
}
