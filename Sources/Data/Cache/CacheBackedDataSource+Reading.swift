import Domain
import Foundation
import Logging
import Synchronization

/// What one shared network read produced.
struct NetworkResult<Object: Sendable>: Sendable {
    /// The entry as now cached.
    let entry: CachedEntry<Object>
    /// Whether the server answered 304 for a cached copy.
    let revalidated: Bool
}

/// Background revalidation tasks, so they can be awaited and cancelled.
struct BackgroundRefreshes: Sendable {
    private var tasks: [UInt64: Task<Void, Never>] = [:]
    private var nextID: UInt64 = 0

    var pending: [Task<Void, Never>] { Array(tasks.values) }

    mutating func add(_ makeTask: (UInt64) -> Task<Void, Never>) {
        nextID += 1
        tasks[nextID] = makeTask(nextID)
    }

    mutating func remove(_ id: UInt64) { tasks[id] = nil }

    mutating func cancelAll() {
        for task in tasks.values { task.cancel() }
        tasks.removeAll()
    }
}

extension CacheBackedDataSource {
    /// The memory tier's entry; a stale one is refreshed in the background unless `revalidate`
    /// is false (`local-only` never touches the network).
    func memoryHit(_ key: Key, revalidate: Bool = true) -> Fetched<Object>? {
        guard let (fetched, staleETag) = memory.fetched(for: key, at: now(), timeToLive: configuration.timeToLive)
        else { return nil }
        if fetched.freshness == .stale, revalidate { refreshInBackground(key, etag: staleETag) }
        return fetched
    }

    /// The on-device tier's entry, kept in memory when `remember`; a stale one is refreshed in
    /// the background unless `revalidate` is false.
    func diskHit(_ key: Key, remember: Bool, revalidate: Bool = true) async throws(DataSourceError) -> Fetched<Object>?
    {
        let found: CachedEntry<Object>?
        do {
            found = try await local.find(key)
        } catch {
            throw .storage(error)
        }
        guard let entry = found else {
            counters.withLock { $0.diskMisses += 1 }
            return nil
        }
        counters.withLock { $0.diskHits += 1 }
        if remember { memory.insert(entry, for: key, cost: configuration.cost(entry.value)) }
        return served(entry, from: .disk, key: key, revalidate: revalidate)
    }

    func network(_ key: Key, etag: String?) async throws(DataSourceError) -> Fetched<Object> {
        let outcome = await flights.run(key) { [weak self] in
            guard let self else { return .failure(.cancelled) }
            return await self.fetchAndStore(key, etag: etag)
        }
        switch outcome {
        case .success(let result):
            let freshness: Freshness = result.revalidated ? .revalidated : .fresh
            return Fetched(result.entry.value, origin: result.revalidated ? .disk : .network, freshness: freshness)
        case .failure(.notFound):
            try? await invalidate(key)
            throw .remote(.notFound)
        case .failure(let error):
            throw .remote(error)
        }
    }

    func networkFirst(_ key: Key) async throws(DataSourceError) -> Fetched<Object> {
        let cached = try? await local.find(key)
        do {
            return try await network(key, etag: cached?.metadata.etag)
        } catch .remote(let error) where Self.allowsFallback(error) {
            // The durable tier is the fallback: it says truthfully that the answer is a stored copy.
            guard let cached else { throw .remote(error) }
            logger.info("serving \(key) from disk after a failed request: \(error.localizedDescription)")
            counters.withLock { $0.diskHits += 1 }
            let age = age(of: cached.metadata)
            let freshness: Freshness = isFresh(cached.metadata, age: age) ? .fresh : .stale
            return Fetched(cached.value, origin: .disk, freshness: freshness, ageSeconds: age)
        }
    }

    /// Fetches from the server and caches the answer; runs once per key however many callers wait.
    func fetchAndStore(_ key: Key, etag: String?) async -> Result<NetworkResult<Object>, RemoteError> {
        do {
            switch try await remote.fetch(key, ifNoneMatch: etag) {
            case .modified(let object, let validators):
                let entry = CachedEntry(value: object, metadata: metadata(validators))
                await cache(entry, for: key)
                return .success(NetworkResult(entry: entry, revalidated: false))
            case .notModified(let validators):
                counters.withLock { $0.revalidations += 1 }
                guard let cached = try? await local.find(key) else {
                    return await fetchAndStore(key, etag: nil)  // the copy vanished meanwhile
                }
                let entry = CachedEntry(value: cached.value, metadata: metadata(validators, previous: cached.metadata))
                try? await local.updateMetadata(entry.metadata, for: key)
                memory.insert(entry, for: key, cost: configuration.cost(entry.value))
                return .success(NetworkResult(entry: entry, revalidated: true))
            }
        } catch {
            return .failure(error)
        }
    }
}

// MARK: - Private

extension CacheBackedDataSource {
    private static func allowsFallback(_ error: RemoteError) -> Bool {
        switch error {
        case .offline, .timedOut, .server, .rateLimited, .invalidData, .unexpectedStatus: true
        default: false
        }
    }

    private func served(
        _ entry: CachedEntry<Object>, from origin: DataOrigin, key: Key, revalidate: Bool
    ) -> Fetched<Object> {
        let age = age(of: entry.metadata)
        if isFresh(entry.metadata, age: age) {
            return Fetched(entry.value, origin: origin, freshness: .fresh, ageSeconds: age)
        }
        if revalidate { refreshInBackground(key, etag: entry.metadata.etag) }
        return Fetched(entry.value, origin: origin, freshness: .stale, ageSeconds: age)
    }

    private func isFresh(_ metadata: CacheMetadata, age: Int) -> Bool {
        metadata.isFresh(age: age, timeToLive: configuration.timeToLive)
    }

    private func age(of metadata: CacheMetadata) -> Int {
        metadata.age(at: now())
    }

    private func metadata(_ validators: RemoteValidators, previous: CacheMetadata? = nil) -> CacheMetadata {
        CacheMetadata(fetchedAt: now(), etag: validators.etag ?? previous?.etag, maxAge: validators.maxAge)
    }

    /// Keeps a server's answer on disk, then in memory as the disk kept it: the disk keeps the
    /// newer of the answer and the row it would replace (a read that began before a write can
    /// answer after it), so memory never serves what the disk refused.
    private func cache(_ entry: CachedEntry<Object>, for key: Key) async {
        var kept = entry
        do {
            try await local.persist(entry.value, for: key, metadata: entry.metadata)
            kept = try await local.find(key) ?? entry
        } catch {
            // The answer is still good; only the copy on disk is missing, so log and carry on.
            logger.warning("could not cache \(key) on disk: \(error.localizedDescription)")
        }
        memory.insert(kept, for: key, cost: configuration.cost(kept.value))
    }

    private func refreshInBackground(_ key: Key, etag: String?) {
        refreshes.withLock { refreshes in
            refreshes.add { id in
                Task { [weak self] in
                    _ = await self?.flights.run(key) { [weak self] in
                        guard let self else { return .failure(.cancelled) }
                        return await self.fetchAndStore(key, etag: etag)
                    }
                    self?.refreshes.withLock { $0.remove(id) }
                }
            }
        }
    }
}
