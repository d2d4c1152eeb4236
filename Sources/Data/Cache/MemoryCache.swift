public import Domain
public import Foundation
import Synchronization

/// A thread-safe least-recently-used cache bounded by entry count and total cost.
///
/// Entries live in a slot array threaded by a doubly linked list kept apart from them, so
/// lookups, insertions and evictions are O(1), allocate nothing once the slots exist, and moving
/// an entry to the front never copies its value. The cache counts its own hits and misses under
/// the one lock a lookup takes.
public final class MemoryCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let state: Mutex<LRUState<Key, Value>>

    /// Creates an empty cache with these limits.
    public init(limits: MemoryCacheLimits) {
        state = Mutex(LRUState(limits: limits))
    }

    /// The value and metadata for `key`, marking it most recently used.
    public func value(for key: Key) -> CachedEntry<Value>? {
        state.withLock { $0.get(key) }
    }

    /// The value for `key` as a read answers it (age and freshness at `now`), marking it most
    /// recently used; `staleETag` is the validator to revalidate with when the value is stale.
    ///
    /// The hot path of every memory-tier hit: the value is copied once, out of the slot straight
    /// into the answer (`Benchmarks --probe-memory` measures it).
    public func fetched(for key: Key, at now: Date, timeToLive: TimeInterval) -> (
        fetched: Fetched<Value>, staleETag: String?
    )? {
        state.withLock { $0.fetched(key, at: now, timeToLive: timeToLive) }
    }

    /// Stores a value with its cost in bytes, evicting the least recently used entries over the limits.
    public func insert(_ entry: CachedEntry<Value>, for key: Key, cost: Int) {
        state.withLock { $0.set(entry, for: key, cost: cost) }
    }

    /// Replaces the metadata of an entry, if present.
    public func updateMetadata(_ metadata: CacheMetadata, for key: Key) {
        state.withLock { $0.updateMetadata(metadata, for: key) }
    }

    /// Removes one entry.
    public func remove(_ key: Key) {
        state.withLock { $0.remove(key) }
    }

    /// Removes these entries, under one lock (a pull forgets thousands of keys a page, mostly
    /// of a cache that holds none of them).
    public func remove(_ keys: some Sequence<Key>) {
        state.withLock { state in
            guard state.count > 0 else { return }
            for key in keys { state.remove(key) }
        }
    }

    /// Empties the cache (the answer to a memory warning); the hit and miss counts stay.
    public func evacuate() {
        state.withLock { $0.removeAll() }
    }

    /// The number of entries and their total cost.
    public var usage: (count: Int, cost: Int) {
        state.withLock { ($0.count, $0.totalCost) }
    }

    /// Lookups that found their key, and lookups that did not, since the cache was made.
    public var lookups: (hits: Int, misses: Int) {
        state.withLock { ($0.hits, $0.misses) }
    }
}

/// The cache's state; only touched under the cache's lock.
///
/// Parallel arrays by slot: a hit copies the value once, out of `values`, reads the plain
/// fields of its metadata in place, and reorders only the integers of `links`.
struct LRUState<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// A slot's neighbours in recency order (-1 at either end) and its cost.
    private struct Link {
        var previous = -1
        var next = -1
        var cost = 0
    }

    private static var emptyMetadata: CacheMetadata { CacheMetadata(fetchedAt: .distantPast) }

    private let limits: MemoryCacheLimits
    private var index: [Key: Int] = [:]
    private var keys: [Key?] = []
    private var values: [Value?] = []
    private var metadata: [CacheMetadata] = []
    private var links: [Link] = []
    private var free: [Int] = []
    private var head = -1  // most recently used
    private var tail = -1  // least recently used
    private(set) var totalCost = 0
    private(set) var hits = 0
    private(set) var misses = 0

    init(limits: MemoryCacheLimits) {
        self.limits = limits
    }

    var count: Int { index.count }

    mutating func get(_ key: Key) -> CachedEntry<Value>? {
        guard let position = hit(key), let value = values[position] else { return nil }
        return CachedEntry(value: value, metadata: metadata[position])
    }

    mutating func fetched(_ key: Key, at now: Date, timeToLive: TimeInterval) -> (
        fetched: Fetched<Value>, staleETag: String?
    )? {
        guard let position = hit(key), let value = values[position] else { return nil }
        let age = metadata[position].age(at: now)
        let fresh = metadata[position].isFresh(age: age, timeToLive: timeToLive)
        return (
            Fetched(value, origin: .memory, freshness: fresh ? .fresh : .stale, ageSeconds: age),
            fresh ? nil : metadata[position].etag
        )
    }

    mutating func set(_ entry: CachedEntry<Value>, for key: Key, cost: Int) {
        remove(key)
        guard cost <= limits.costLimit, limits.countLimit > 0 else { return }
        let position: Int
        if let reused = free.popLast() {
            position = reused
            keys[position] = key
            values[position] = entry.value
            metadata[position] = entry.metadata
        } else {
            position = values.count
            keys.append(key)
            values.append(entry.value)
            metadata.append(entry.metadata)
            links.append(Link())
        }
        links[position].cost = cost
        link(position)
        index[key] = position
        totalCost += cost
        while index.count > limits.countLimit || totalCost > limits.costLimit, tail >= 0 {
            if let key = keys[tail] { remove(key) }
        }
    }

    mutating func updateMetadata(_ metadata: CacheMetadata, for key: Key) {
        guard let position = index[key] else { return }
        self.metadata[position] = metadata
    }

    mutating func remove(_ key: Key) {
        guard let position = index.removeValue(forKey: key) else { return }
        unlink(position)
        totalCost -= links[position].cost
        keys[position] = nil
        values[position] = nil
        metadata[position] = Self.emptyMetadata
        free.append(position)
    }

    mutating func removeAll() {
        let (hits, misses) = (hits, misses)
        self = LRUState(limits: limits)
        self.hits = hits
        self.misses = misses
    }

    /// The slot of `key`, made the most recently used, counting the lookup.
    private mutating func hit(_ key: Key) -> Int? {
        guard let position = index[key] else {
            misses += 1
            return nil
        }
        hits += 1
        if position != head {
            unlink(position)
            link(position)
        }
        return position
    }

    /// Makes `position` the most recently used.
    private mutating func link(_ position: Int) {
        links[position].previous = -1
        links[position].next = head
        if head >= 0 { links[head].previous = position }
        head = position
        if tail < 0 { tail = position }
    }

    private mutating func unlink(_ position: Int) {
        let link = links[position]
        if link.previous >= 0 { links[link.previous].next = link.next } else { head = link.next }
        if link.next >= 0 { links[link.next].previous = link.previous } else { tail = link.previous }
    }
}
