import Domain
import Foundation
import TestSupport
import Testing

@testable import StrataData

/// A read answered before a later write, but stored after it, never brings back the older version:
/// its validator would make this device's next change conflict with its own.
@Suite("Stale reads")
struct StaleReadTests {
    @Test func anOlderVersionNeverReplacesANewerCachedOne() async throws {
        let folder = try ScratchFolder()
        let database = try AppDatabase.open(at: folder.url.appendingPathComponent("stale.sqlite"))
        let store = RecordStore<DocumentRecord>(database: database)
        let id = try #require(Document.ID.server(3))
        func version(_ number: Int) -> Document {
            FakeData.document(
                id: id.rawValue, title: "v\(number)", body: "", version: number,
                createdAt: Date(timeIntervalSince1970: 0),
                updatedAt: Date(timeIntervalSince1970: Double(number)))
        }
        // Given the settled version 3 cached (another process's push), then a read of version 2 arriving
        try await store.persist(
            version(3), for: id, metadata: CacheMetadata(fetchedAt: Date(), etag: #""d3-v3""#, maxAge: nil))
        try await store.persist(
            version(2), for: id, metadata: CacheMetadata(fetchedAt: Date(), etag: #""d3-v2""#, maxAge: nil))
        // Then the device keeps version 3 and its validator; a newer one still replaces it
        let kept = try #require(try await store.find(id))
        #expect(kept.value.version == 3 && kept.metadata.etag == #""d3-v3""#)
        try await store.persist(
            version(4), for: id, metadata: CacheMetadata(fetchedAt: Date(), etag: #""d3-v4""#, maxAge: nil))
        #expect(try await store.find(id)?.metadata.etag == #""d3-v4""#)
    }

    /// The memory tier keeps what the disk kept: an answer older than the row it would replace
    /// (a refresh that began before a push settled) is not served from memory afterwards.
    @Test func anOlderAnswerIsNotRememberedOverTheNewerCopyOnDisk() async throws {
        let folder = try ScratchFolder()
        let database = try AppDatabase.open(at: folder.url.appendingPathComponent("stale.sqlite"))
        let store = RecordStore<DocumentRecord>(database: database)
        let id = try #require(Document.ID.server(3))
        let older = FakeData.document(id: 3, title: "v2", body: "", version: 2)
        let remote = InMemoryRemoteStore<Document.ID, Document>(objects: [id: older])
        let source = CacheBackedDataSource(
            local: store, remote: remote,
            configuration: .init(timeToLive: 60, memoryLimits: .forContext(.mainApp), cost: { $0.body.utf8.count }),
            now: { Date() })
        // Given version 3 settled on disk, then the server's answer of version 2 arriving
        try await store.persist(
            FakeData.document(id: 3, title: "v3", body: "", version: 3), for: id,
            metadata: CacheMetadata(fetchedAt: Date(), etag: #""d3-v3""#, maxAge: nil))
        #expect(try await source.read(id, policy: .remoteOnly).value.version == 2, "the answer is the server's")
        // Then every later read gets version 3, from memory as from disk
        #expect(try await source.read(id, policy: .cacheFirst).value.version == 3)
        #expect(try await source.read(id, policy: .skipMemory).value.version == 3)
    }
}
