public import Domain
public import Foundation
import Logging
import Synchronization

/// Reads through a memory tier, a local store and a remote store, under a read policy.
///
/// Generic over both stores, which must agree on key and object types, so one implementation
/// serves every kind of data. Every read reports its origin and freshness; concurrent misses of one key share one
/// request; stale entries are revalidated with `If-None-Match`.
public final class CacheBackedDataSource<Local: LocalStore, Remote: RemoteStore>: CachedReading, Sendable
where Local.StoredObject == Remote.TargetObject, Local.Key == Remote.Key {
    /// The key type shared by both stores.
    public typealias Key = Local.Key
    /// The object type shared by both stores.
    public typealias Object = Local.StoredObject

    /// Tuning for one data source.
    public struct Configuration: Sendable {
        /// How long an entry stays fresh when the server sent no `max-age`.
        public var timeToLive: TimeInterval
        /// The memory tier's limits.
        public var memoryLimits: MemoryCacheLimits
        /// The estimated size of an object in bytes, for the memory tier's cost limit.
        public var cost: @Sendable (Object) -> Int

        /// Creates a configuration.
        public init(
            timeToLive: TimeInterval, memoryLimits: MemoryCacheLimits, cost: @escaping @Sendable (Object) -> Int
        ) {
            self.timeToLive = timeToLive
            self.memoryLimits = memoryLimits
            self.cost = cost
        }
    }

    let local: Local
    let remote: Remote
    let memory: MemoryCache<Key, Object>
    let configuration: Configuration
    let now: @Sendable () -> Date
    let flights = SingleFlight<Key, NetworkResult<Object>>()
    let counters = Mutex(DataSourceStatistics())
    let refreshes = Mutex(BackgroundRefreshes())
    let logger = Logger(label: "strata.data.source")

    /// Creates a data source over two stores; `now` dates fetches and ages entries.
    public init(local: Local, remote: Remote, configuration: Configuration, now: @escaping @Sendable () -> Date) {
        self.local = local
        self.remote = remote
        self.configuration = configuration
        self.now = now
        self.memory = MemoryCache(limits: configuration.memoryLimits)
    }

    deinit {
        refreshes.withLock { $0.cancelAll() }
        logger.debug("deinit CacheBackedDataSource")
    }

    /// Reads `key` under `policy`.
    ///
    /// The engine holds each collection's data source by its concrete type and its stores are
    /// reached by concrete type too, so the optimizer specializes this for each collection; reached
    /// through `any CachedReading` it runs as generic code (figures in ADR 0035 and 0050).
    public func read(_ key: Key, policy: ReadPolicy) async throws(DataSourceError) -> Fetched<Object> {
        if let hit = memoryAnswer(key, policy: policy) { return hit }
        return try await readPastMemory(key, policy: policy)
    }

    /// What ``read(_:policy:)`` answers once the memory tier had none (``memoryAnswer(_:policy:)``
    /// asked it, and counted the miss): the disk tier, then the network, as `policy` says.
    func readPastMemory(_ key: Key, policy: ReadPolicy) async throws(DataSourceError) -> Fetched<Object> {
        switch policy {
        case .localOnly:
            if let hit = try await diskHit(key, remember: true, revalidate: false) { return hit }
            throw .notCached
        case .remoteOnly:
            return try await network(key, etag: nil)
        case .cacheFirst, .skipMemory:
            if let hit = try await diskHit(key, remember: policy == .cacheFirst) { return hit }
            return try await network(key, etag: nil)
        case .networkFirst:
            return try await networkFirst(key)
        }
    }

    /// The memory tier's answer under `policy`, found without suspending.
    ///
    /// It is what ``read(_:policy:)`` answers first, so a caller can skip an async call on a hit.
    /// `local-only` never refreshes a stale copy in the background; the other policies do not read
    /// memory.
    func memoryAnswer(_ key: Key, policy: ReadPolicy) -> Fetched<Object>? {
        switch policy {
        case .cacheFirst: memoryHit(key)
        case .localOnly: memoryHit(key, revalidate: false)
        case .skipMemory, .remoteOnly, .networkFirst: nil
        }
    }

    /// Stores many objects straight into the local store, bypassing the memory tier (bulk ingest).
    public func ingest(_ objects: [(key: Key, object: Object)], validators: RemoteValidators)
        async throws(DataSourceError)
    {
        let metadata = CacheMetadata(fetchedAt: now(), etag: validators.etag, maxAge: validators.maxAge)
        do {
            try await local.persistAll(objects, metadata: metadata)
        } catch {
            throw .storage(error)
        }
    }

    /// Drops one key from both tiers.
    public func invalidate(_ key: Key) async throws(DataSourceError) {
        memory.remove(key)
        do {
            try await local.remove(key)
        } catch {
            throw .storage(error)
        }
    }

    /// Empties the on-device tier only.
    public func clearLocal() async throws(DataSourceError) {
        do {
            try await local.removeAll()
        } catch {
            throw .storage(error)
        }
    }

    /// Drops `keys` from the memory tier only.
    public func forgetInMemory(_ keys: [Key]) {
        memory.remove(keys)
    }

    /// Empties the memory tier, as after a memory warning; returns the bytes it held.
    @discardableResult
    public func evacuateMemory() -> Int {
        let held = memory.usage.cost
        memory.evacuate()
        return held
    }

    /// Counters and sizes of the tiers.
    public func statistics() async -> DataSourceStatistics {
        var statistics = counters.withLock { $0 }
        let usage = memory.usage
        (statistics.memoryHits, statistics.memoryMisses) = memory.lookups
        statistics.memoryEntries = usage.count
        statistics.memoryBytes = usage.cost
        statistics.networkRequests = flights.startedCount
        statistics.diskEntries = (try? await local.count()) ?? 0
        return statistics
    }

    /// Waits until every background revalidation started so far has finished (for tests and tools).
    public func waitForBackgroundRefreshes() async {
        for task in refreshes.withLock({ $0.pending }) { await task.value }
    }
}
