import DemoBackend
import Domain
import Foundation
import GRDB
import TestSupport
import Testing

@testable import StrataData

/// A server deployed without a feature's collection answers 404 to each of its items: that is not
/// the items' deletion, and no policy may drop an edit for it or count a delete as done; a create waits with the same
/// reason.
@Suite("A collection the server does not have")
struct CollectionMissingOnServerTests {
    @Test(arguments: [OutboxEntry.Operation.create, .update, .delete])
    func aChangeSentToAServerWithoutTheCollectionIsParkedAndKept(operation: OutboxEntry.Operation) async throws {
        let folder = try ScratchFolder()
        let data = folder.url.appendingPathComponent("server")
        let withBookmarks = try DemoBackend(
            data: data, collections: DemoSeed.collections + [testBookmarkCollection], signIn: .open)
        let url = try await withBookmarks.start()
        let (stack, store) = try Self.device(in: folder, on: url)
        var edited = try await store.create(FeatureStoreTests.draft("https://swift.org"))
        await withBookmarks.stop()
        edited.note = "mine"
        switch operation {
        case .create: edited = try await store.create(FeatureStoreTests.draft("https://swift.org/mine"))
        case .update: edited = try await store.update(edited)
        case .delete: try await store.delete(edited.id)
        }
        let without = try DemoBackend(
            data: data, port: UInt16(try #require(url.port)), collections: DemoSeed.collections, signIn: .open)
        try await without.start()

        let report = try await stack.sync.sync(progress: { _ in })

        #expect(report.parked == 1 && report.resolved == 0, "\(report)")
        let parked = try #require(try await stack.sync.outbox().first)
        #expect(parked.state == .parked && parked.lastError == "the server has no collection testbookmarks")
        #expect(parked.operation == operation)
        if operation != .delete {
            // This device's version stays, and says its change waits for the user
            edited.syncState = .parked
            #expect(try await store.item(edited.id, policy: .localOnly).value == edited)
        }
        await without.stop()
    }

    /// A server deployed before the feature answers 404 to the collection's list: the list shows
    /// what the device holds, marked stale, as when the server cannot be reached; with nothing on
    /// the device it says the collection is missing, never that the answer was unreadable.
    @Test func aListTheServerDoesNotHaveShowsTheItemsOnThisDevice() async throws {
        let folder = try ScratchFolder()
        let without = try DemoBackend(
            data: folder.url.appendingPathComponent("server"), collections: DemoSeed.collections, signIn: .open)
        let (_, store) = try Self.device(in: folder, on: try await without.start())
        await #expect(throws: DataSourceError.remote(.notFound)) { try await store.list(policy: .cacheFirst) }

        let made = try await store.create(FeatureStoreTests.draft("https://swift.org"))

        for policy in [ReadPolicy.cacheFirst, .skipMemory] {
            let listed = try await store.list(policy: policy)
            #expect(listed.value.map(\.id) == [made.id] && listed.freshness == .stale, "\(policy)")
            let page = try await store.page(PageRequest(limit: 5), policy: policy)
            #expect(page.value.items.map(\.id) == [made.id] && page.freshness == .stale, "\(policy)")
        }
        await #expect(throws: DataSourceError.remote(.notFound)) { try await store.list(policy: .remoteOnly) }
        await without.stop()
    }

    /// A device in `folder` with the bookmarks' table, whose store sends to `url`; the server's
    /// version would win a real conflict, and a deletion with it.
    private static func device(in folder: ScratchFolder, on url: URL) throws -> (
        DataStack, FeatureStore<Bookmarks<ServerWins>>
    ) {
        let monitor = NetworkMonitor()
        let client = APIClient(
            baseURL: url, http: NIOHTTPClient(timeout: 10), security: .development, retry: .never,
            clock: ContinuousClock(), now: { Date() }, monitor: monitor)
        let database = try AppDatabase.open(at: folder.url.appendingPathComponent("app.sqlite"))
        try database.write { db in try db.execute(sql: TestBookmarkRecord.schema) }
        let stack = DataStack(database: database, api: client, monitor: monitor, now: { Date() })
        return (stack, FeatureStore<Bookmarks<ServerWins>>(stack: stack, api: client))
    }
}
