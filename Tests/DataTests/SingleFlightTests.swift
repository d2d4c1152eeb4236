import DemoBackend
import Domain
import Foundation
import StrataData
import Synchronization
import TestSupport
import Testing

/// A remote store whose fetches wait until the test opens the gate.
actor GatedRemoteStore: RemoteStore {
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private(set) var started = 0
    private(set) var cancelled = 0

    func fetch(_ key: Int, ifNoneMatch etag: String?) async throws(RemoteError) -> RemoteFetch<Document> {
        started += 1
        await withCheckedContinuation { waiting.append($0) }
        if Task.isCancelled {
            cancelled += 1
            throw .cancelled
        }
        return .modified(Samples.document(key), RemoteValidators(etag: "\"g\""))
    }

    func open() {
        for continuation in waiting { continuation.resume() }
        waiting.removeAll()
    }

    var waiters: Int { waiting.count }
}

@Suite("Single flight: concurrent misses share one request")
struct SingleFlightTests {
    @Test func aThousandConcurrentMissesSendExactlyOneRequestToTheServer() async throws {
        // Given a real server that takes a moment to answer,
        let live = try await LiveBackend.start()
        await live.backend.setLatency(milliseconds: 200)
        let source = CacheBackedDataSource(
            local: InMemoryLocalStore<Document.ID, Document>(), remote: live.client.documentStore(),
            configuration: .init(timeToLive: 60, memoryLimits: .forContext(.mainApp), cost: { _ in 1 }),
            now: { Date() }
        )
        // when a thousand readers miss the same key at once,
        let titles = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<1000 { group.addTask { try await source.read(1, policy: .cacheFirst).value.title } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        // then all get the document and the server counted one request.
        #expect(titles.count == 1000 && Set(titles) == ["Welcome to Strata"])
        let requests = await live.backend.requestCount("GET /documents/:id")
        #expect(requests == 1)
    }

    func gatedSource(_ remote: GatedRemoteStore) -> CacheBackedDataSource<
        InMemoryLocalStore<Int, Document>, GatedRemoteStore
    > {
        CacheBackedDataSource(
            local: InMemoryLocalStore<Int, Document>(), remote: remote,
            configuration: .init(timeToLive: 60, memoryLimits: .forContext(.mainApp), cost: { _ in 1 }), now: { Date() }
        )
    }

    @Test func cancellingOneWaiterLeavesTheOthersAndTheRequest() async throws {
        let remote = GatedRemoteStore()
        let source = gatedSource(remote)
        let first = Task { try await source.read(5, policy: .remoteOnly) }
        let second = Task { try await source.read(5, policy: .remoteOnly) }
        try #require(await eventually { await remote.waiters > 0 })
        first.cancel()
        await #expect(throws: DataSourceError.remote(.cancelled)) { try await first.value }
        await remote.open()
        #expect(try await second.value.value == Samples.document(5))
        #expect(await remote.started == 1)
        #expect(await remote.cancelled == 0)
    }

    @Test func cancellingTheLastWaiterCancelsTheRequest() async throws {
        let remote = GatedRemoteStore()
        let source = gatedSource(remote)
        let only = Task { try await source.read(5, policy: .remoteOnly) }
        try #require(await eventually { await remote.waiters > 0 })
        only.cancel()
        await #expect(throws: DataSourceError.remote(.cancelled)) { try await only.value }
        await remote.open()
        try #require(await eventually { await remote.cancelled > 0 })
        #expect(await remote.cancelled == 1)
    }
}
