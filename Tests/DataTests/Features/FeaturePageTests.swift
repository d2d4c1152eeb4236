import DemoBackend
import Domain
import Foundation
import GRDB
import TestSupport
import Testing

@testable import StrataData

/// Pages of a feature's items, newest change first, as the documents' pages go: from the server
/// until a sync brought the collection here, then from the device, each side with its own cursors.
@Suite("Feature pages")
struct FeaturePageTests {
    typealias Fixture = FeatureStoreTests.Fixture

    static func filled(_ count: Int) async throws -> Fixture {
        let fixture = try await Fixture.make()
        for index in 1...count { _ = try await fixture.store.create(FeatureStoreTests.draft("https://\(index).org")) }
        return fixture
    }

    func all(_ store: FeatureStore<TestBookmarkResource>, limit: Int, policy: ReadPolicy) async throws
        -> (ids: [Int], cursors: [PageCursor], origins: [DataOrigin])
    {
        var (ids, cursors, origins) = ([Int](), [PageCursor](), [DataOrigin]())
        var after: PageCursor?
        repeat {
            let page = try await store.page(PageRequest(limit: limit, after: after), policy: policy)
            #expect(page.value.items.count <= limit)
            ids += page.value.items.map(\.id.rawValue)
            origins.append(page.origin)
            after = page.value.next
            if let after { cursors.append(after) }
        } while after != nil
        return (ids, cursors, origins)
    }

    @Test func beforeASyncThePagesComeFromTheServerNewestFirst() async throws {
        let fixture = try await Self.filled(5)
        let pages = try await all(fixture.store, limit: 2, policy: .cacheFirst)
        #expect(pages.ids == [5, 4, 3, 2, 1])
        #expect(pages.origins == [.network, .network, .network] && pages.cursors.count == 2)
        #expect(pages.cursors.allSatisfy { !$0.rawValue.hasPrefix("d1.") }, "the server's own cursors")
    }

    @Test func afterASyncThePagesComeFromTheDeviceWithItsOwnCursors() async throws {
        let fixture = try await Self.filled(5)
        _ = try await fixture.stack.sync.sync(progress: { _ in })
        let serverCursor = try #require(
            try await fixture.store.page(PageRequest(limit: 2), policy: .remoteOnly).value.next)
        await fixture.live.backend.stop()
        let pages = try await all(fixture.store, limit: 2, policy: .cacheFirst)
        #expect(pages.ids == [5, 4, 3, 2, 1])
        #expect(pages.origins == [.disk, .disk, .disk] && pages.cursors.allSatisfy { $0.rawValue.hasPrefix("d1.") })
        // Each side reads only its own cursors
        await #expect(throws: DataSourceError.invalidCursor) {
            try await fixture.store.page(PageRequest(limit: 2, after: serverCursor), policy: .cacheFirst)
        }
    }

    /// The documents' cursor was taken by a feature's list, which then said "end of the list"
    /// with items left; each side now refuses another list's cursor.
    @Test func anotherCollectionsCursorIsRefusedOnBothSides() async throws {
        let fixture = try await Self.filled(3)
        _ = try await fixture.stack.sync.sync(progress: { _ in })
        let documents = fixture.stack.documentRepository
        let deviceCursor = try #require(
            try await documents.documents(page: PageRequest(limit: 1), policy: .localOnly).value.next)
        let serverCursor = try #require(
            try await documents.documents(page: PageRequest(limit: 1), policy: .remoteOnly).value.next)
        await #expect(throws: DataSourceError.invalidCursor) {
            try await fixture.store.page(PageRequest(limit: 2, after: deviceCursor), policy: .localOnly)
        }
        await #expect(throws: DataSourceError.invalidCursor) {
            try await fixture.store.page(PageRequest(limit: 2, after: serverCursor), policy: .remoteOnly)
        }
    }

    @Test func anItemWithUnsentChangesShowsAsThisDeviceHasItInTheServersPage() async throws {
        let fixture = try await Self.filled(3)
        var item = try await fixture.store.item(try #require(ItemID.server(2)), policy: .cacheFirst).value
        await fixture.live.backend.stop()
        item.note = "mine, not sent"
        _ = try await fixture.store.update(item)
        _ = try await fixture.live.backend.start()
        let page = try await fixture.store.page(PageRequest(limit: 10), policy: .cacheFirst)
        #expect(page.origin == .network && page.value.items.map(\.id.rawValue) == [3, 2, 1])
        #expect(page.value.items.map(\.note) == [nil, "mine, not sent", nil])
        // Offline and never synced: the first page comes from the device, marked stale, the
        // edited item first (it changed last)
        await fixture.live.backend.stop()
        let offline = try await fixture.store.page(PageRequest(limit: 10), policy: .cacheFirst)
        #expect(offline.origin == .disk && offline.freshness == .stale)
        #expect(offline.value.items.map(\.id.rawValue) == [2, 3, 1])
    }

    /// A failed read of this device's unsent changes under a whole server page is the device's
    /// storage failing, not data the server sent that cannot be read.
    @Test func aFailedReadOfUnsentChangesIsTheDevicesStorageNotTheServersData() async throws {
        let fixture = try await Self.filled(2)
        var item = try await fixture.store.item(try #require(ItemID.server(2)), policy: .cacheFirst).value
        item.note = "mine"
        await fixture.live.backend.stop()
        _ = try await fixture.store.update(item)
        _ = try await fixture.live.backend.start()
        let table = TestBookmarkRecord.databaseTableName
        try fixture.stack.database.write { db in try db.execute(sql: "ALTER TABLE \(table) RENAME TO moved") }
        do {
            _ = try await fixture.store.page(PageRequest(limit: 10), policy: .remoteOnly)
            Issue.record("the page was read without the table")
        } catch {
            guard case .storage = error else {
                Issue.record("expected a storage failure, got \(error)")
                return
            }
        }
    }
}

/// A feature's local search: FTS5 over the columns its resource declares, every word the
/// beginning of a word, case and accents ignored, offline, items changed here found as they are here.
@Suite("Feature search")
struct FeatureSearchTests {
    @Test func everyWordBeginsAWordOfASearchableFieldIgnoringCaseAndAccents() async throws {
        let fixture = try await FeatureStoreTests.Fixture.make()
        let store = fixture.store
        var first = try await store.create(FeatureStoreTests.draft("https://swift.org/Règles"))
        _ = try await store.create(FeatureStoreTests.draft("https://example.org"))
        await fixture.live.backend.stop()
        first.note = "Lecture du soir"
        _ = try await store.update(first)
        #expect(try store.search(["regl"]).map(\.id.rawValue) == [1])
        #expect(try store.search(["SWIFT", "lect"]).map(\.id.rawValue) == [1], "every word, in any field")
        #expect(try store.search(["org"]).map(\.id.rawValue).sorted() == [1, 2])
        #expect(try store.search(["gles"]).isEmpty, "a word's middle is no match")
        #expect(try store.search(["rating"]).isEmpty, "only the declared columns")
        try await store.delete(try #require(ItemID.server(2)))
        #expect(try store.search(["example"]).isEmpty, "a deleted item leaves the index")
    }

    /// The index looks for words, so a query without one is refused where the index answers; the
    /// server looks for the text itself, so it takes the same query.
    @Test func aQueryWithoutAWordIsRefusedOnTheDeviceAndTakenByTheServer() async throws {
        let fixture = try await FeatureStoreTests.Fixture.make()
        _ = try await fixture.store.create(FeatureStoreTests.draft("https://example.org/a-b"))
        await #expect(throws: DataSourceError.noWordsOnDevice) {
            try await fixture.store.search("-", words: [], policy: .localOnly)
        }
        let found = try await fixture.store.search("/a-", words: [], policy: .networkFirst)
        #expect(found.value.map(\.url) == ["https://example.org/a-b"])
    }
}

/// A feature's store and the engine that sends its changes let each other go with the stack: a
/// stack opened again (a crash, a relaunch in one process) leaves no database open behind it.
@Suite("Feature store lifetime")
struct FeatureStoreLifetimeTests {
    @Test func aStackWithAFeatureIsReleasedWithItsDatabase() async throws {
        weak var engine: SyncEngine?
        weak var store: FeatureStore<TestBookmarkResource>?
        do {
            let fixture = try await FeatureStoreTests.Fixture.make()
            engine = fixture.stack.sync
            store = fixture.store
            _ = try await fixture.store.create(FeatureStoreTests.draft("https://swift.org"))
        }
        #expect(store == nil)
        #expect(engine == nil)
    }
}
