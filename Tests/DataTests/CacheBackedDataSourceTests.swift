import Domain
import Foundation
import StrataData
import TestSupport
import Testing

@Suite("Cache-backed data source: policies, origins, freshness")
struct CacheBackedDataSourceTests {
    typealias Source = CacheBackedDataSource<InMemoryLocalStore<Int, Document>, InMemoryRemoteStore<Int, Document>>

    let date = ManualDate()
    let local = InMemoryLocalStore<Int, Document>()
    let remote: InMemoryRemoteStore<Int, Document>
    let source: Source

    init() {
        remote = InMemoryRemoteStore(objects: [1: Samples.document(1), 2: Samples.document(2)])
        source = Source(
            local: local, remote: remote,
            configuration: .init(timeToLive: 60, memoryLimits: .forContext(.mainApp), cost: { $0.body.utf8.count }),
            now: date.provider
        )
    }

    func origins(_ reads: [Fetched<Document>]) -> [DataOrigin] { reads.map(\.origin) }

    @Test func cacheFirstGoesNetworkThenMemoryThenDiskAfterAMemoryWarning() async throws {
        let first = try await source.read(1, policy: .cacheFirst)
        let second = try await source.read(1, policy: .cacheFirst)
        source.evacuateMemory()
        let third = try await source.read(1, policy: .cacheFirst)
        #expect(origins([first, second, third]) == [.network, .memory, .disk])
        #expect([first, second, third].allSatisfy { $0.freshness == .fresh && $0.value == Samples.document(1) })
        #expect(await remote.fetchCount == 1)
    }

    @Test func skipMemoryReadsDiskEvenWhenMemoryHasIt() async throws {
        _ = try await source.read(1, policy: .cacheFirst)
        #expect(try await source.read(1, policy: .skipMemory).origin == .disk)
    }

    @Test func localOnlyNeverCallsTheServer() async throws {
        await #expect(throws: DataSourceError.notCached) { try await source.read(1, policy: .localOnly) }
        #expect(await remote.fetchCount == 0)
        try await local.persist(Samples.document(1), for: 1, metadata: CacheMetadata(fetchedAt: date.now))
        #expect(try await source.read(1, policy: .localOnly).origin == .disk)
    }

    @Test func remoteOnlyAlwaysAsksTheServer() async throws {
        _ = try await source.read(1, policy: .cacheFirst)
        let read = try await source.read(1, policy: .remoteOnly)
        #expect(read.origin == .network)
        #expect(await remote.fetchCount == 2)
    }

    @Test func staleEntriesAreServedThenRevalidatedInTheBackground() async throws {
        _ = try await source.read(1, policy: .cacheFirst)
        // When the entry outlives its time to live,
        date.advance(seconds: 61)
        let stale = try await source.read(1, policy: .cacheFirst)
        // then the cached copy is served at once, marked stale, with its age,
        #expect(stale.origin == .memory)
        #expect(stale.freshness == .stale)
        #expect(stale.ageSeconds == 61)
        // and a conditional request confirms it (304) without downloading it again.
        await source.waitForBackgroundRefreshes()
        #expect(await remote.fetchCount == 2)
        #expect(await source.statistics().revalidations == 1)
        let fresh = try await source.read(1, policy: .cacheFirst)
        #expect(fresh.freshness == .fresh && fresh.ageSeconds == 0)
    }

    @Test func localOnlyServesAStaleCopyWithoutAskingTheServerEvenInTheBackground() async throws {
        _ = try await source.read(1, policy: .cacheFirst)
        date.advance(seconds: 61)
        let fromMemory = try await source.read(1, policy: .localOnly)
        source.evacuateMemory()
        let fromDisk = try await source.read(1, policy: .localOnly)
        await source.waitForBackgroundRefreshes()
        #expect(fromMemory.freshness == .stale && fromMemory.origin == .memory)
        #expect(fromDisk.freshness == .stale && fromDisk.origin == .disk)
        #expect(await remote.fetchCount == 1, "only the first cache-first read asked")
    }

    @Test func aChangedObjectReplacesTheStaleCopy() async throws {
        _ = try await source.read(1, policy: .cacheFirst)
        await remote.put(Samples.document(1, title: "Changed", version: 2), for: 1)
        date.advance(seconds: 120)
        #expect(try await source.read(1, policy: .cacheFirst).value.title == "Document 1")
        await source.waitForBackgroundRefreshes()
        #expect(try await source.read(1, policy: .cacheFirst).value.title == "Changed")
    }

    @Test func networkFirstRevalidatesWithTheEntityTag() async throws {
        _ = try await source.read(2, policy: .cacheFirst)
        let read = try await source.read(2, policy: .networkFirst)
        #expect(read.origin == .disk)
        #expect(read.freshness == .revalidated)
        #expect(await source.statistics().revalidations == 1)
    }

    @Test func networkFirstFallsBackToDiskAndSaysSo() async throws {
        _ = try await source.read(1, policy: .cacheFirst)
        date.advance(seconds: 90)
        await remote.failNext([.offline])
        let read = try await source.read(1, policy: .networkFirst)
        #expect(read.origin == .disk)
        #expect(read.freshness == .stale)
        #expect(read.ageSeconds == 90)
    }

    @Test func networkFirstWithoutACopyReportsTheServerError() async {
        await remote.failNext([.offline])
        await #expect(throws: DataSourceError.remote(.offline)) { try await source.read(1, policy: .networkFirst) }
    }

    @Test func permanentErrorsDoNotFallBack() async throws {
        _ = try await source.read(1, policy: .cacheFirst)
        await remote.failNext([.unauthorized])
        await #expect(throws: DataSourceError.remote(.unauthorized)) { try await source.read(1, policy: .networkFirst) }
    }

    @Test func aDeletedObjectLeavesEveryTier() async throws {
        _ = try await source.read(1, policy: .cacheFirst)
        await remote.remove(1)
        await #expect(throws: DataSourceError.remote(.notFound)) { try await source.read(1, policy: .remoteOnly) }
        await #expect(throws: DataSourceError.notCached) { try await source.read(1, policy: .localOnly) }
    }

    @Test func theServersMaxAgeOverridesTheTimeToLive() async throws {
        let shortLived = InMemoryRemoteStore<Int, Document>(objects: [1: Samples.document(1)], maxAge: 5)
        let source = Source(
            local: InMemoryLocalStore(), remote: shortLived,
            configuration: .init(timeToLive: 3600, memoryLimits: .forContext(.mainApp), cost: { _ in 1 }),
            now: date.provider
        )
        _ = try await source.read(1, policy: .cacheFirst)
        date.advance(seconds: 6)
        #expect(try await source.read(1, policy: .cacheFirst).freshness == .stale)
        await source.waitForBackgroundRefreshes()
    }

    @Test func statisticsCountEachTier() async throws {
        _ = try await source.read(1, policy: .cacheFirst)
        _ = try await source.read(1, policy: .cacheFirst)
        let stats = await source.statistics()
        #expect(stats.memoryHits == 1)
        #expect(stats.memoryMisses == 1)
        #expect(stats.diskMisses == 1)
        #expect(stats.networkRequests == 1)
        #expect(stats.memoryEntries == 1 && stats.diskEntries == 1)
    }

    @Test func theDataSourceIsReleasedWithItsTasks() async throws {
        weak var released: Source?
        do {
            let temporary = Source(
                local: InMemoryLocalStore(), remote: remote,
                configuration: .init(timeToLive: 0, memoryLimits: .forContext(.mainApp), cost: { _ in 1 }),
                now: date.provider
            )
            released = temporary
            _ = try await temporary.read(1, policy: .cacheFirst)
            await temporary.waitForBackgroundRefreshes()
        }
        #expect(released == nil)
    }
}
