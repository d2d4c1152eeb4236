import Domain
import Synchronization

/// A thread-safe least-recently-used cache bounded by entry count and total cost.
///
/// Entries live in a slot array threaded by a doubly linked list, so lookups, insertions and
/// evictions are O(1) and allocate nothing once the slots exist.
public final class MemoryCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let state: Mutex<LRUState<Key, Value>>

    /// Creates an empty cache with these limits.
    public init(limits: MemoryCacheLimits) {
        state = Mutex(LRUState(limits: limits))
    }

    /// The value for `key`, marking it most recently used.
    ///
    /// The data sources reach this through `any CachedReading`, so it runs unspecialized, and
    /// most of a hit went on looking up generic metadata at run time (about 610 ns a hit, 370 ns
    /// with this copy made for the documents' types; `Benchmarks --probe-memory` measures it).
    @_specialize(where Key == Document.ID, Value == Document)
    public func value(for key: Key) -> CachedEntry<Value>? {
        state.withLock { $0.get(key) }
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

    /// Empties the cache (the answer to a memory warning).
    public func evacuate() {
        state.withLock { $0.removeAll() }
    }

    /// The number of entries and their total cost.
    public var usage: (count: Int, cost: Int) {
        state.withLock { ($0.count, $0.totalCost) }
    }
}

/// The cache's state; only touched under the cache's lock.
struct LRUState<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Slot {
        var key: Key
        var entry: CachedEntry<Value>
        var cost: Int
        var previous: Int
        var next: Int
    }

    private let limits: MemoryCacheLimits
    private var index: [Key: Int] = [:]
    private var slots: [Slot?] = []
    private var free: [Int] = []
    private var head = -1  // most recently used
    private var tail = -1  // least recently used
    private(set) var totalCost = 0

    init(limits: MemoryCacheLimits) {
        self.limits = limits
    }

    var count: Int { index.count }

    mutating func get(_ key: Key) -> CachedEntry<Value>? {
        guard let position = index[key], let slot = slots[position] else { return nil }
        moveToFront(position)
        return slot.entry
    }

    mutating func set(_ entry: CachedEntry<Value>, for key: Key, cost: Int) {
        remove(key)
        guard cost <= limits.costLimit, limits.countLimit > 0 else { return }
        let position = free.popLast() ?? slots.count
        let slot = Slot(key: key, entry: entry, cost: cost, previous: -1, next: head)
        if position == slots.count { slots.append(slot) } else { slots[position] = slot }
        if head >= 0 { slots[head]?.previous = position }
        head = position
        if tail < 0 { tail = position }
        index[key] = position
        totalCost += cost
        while index.count > limits.countLimit || totalCost > limits.costLimit, tail >= 0 {
            if let key = slots[tail]?.key { remove(key) }
        }
    }

    mutating func updateMetadata(_ metadata: CacheMetadata, for key: Key) {
        guard let position = index[key] else { return }
        slots[position]?.entry.metadata = metadata
    }

    mutating func remove(_ key: Key) {
        guard let position = index.removeValue(forKey: key), let slot = slots[position] else { return }
        unlink(position, slot)
        totalCost -= slot.cost
        slots[position] = nil
        free.append(position)
    }

    mutating func removeAll() {
        self = LRUState(limits: limits)
    }

    private mutating func moveToFront(_ position: Int) {
        guard position != head, let slot = slots[position] else { return }
        unlink(position, slot)
        slots[position]?.previous = -1
        slots[position]?.next = head
        if head >= 0 { slots[head]?.previous = position }
        head = position
        if tail < 0 { tail = position }
    }

    private mutating func unlink(_ position: Int, _ slot: Slot) {
        if slot.previous >= 0 { slots[slot.previous]?.next = slot.next } else { head = slot.next }
        if slot.next >= 0 { slots[slot.next]?.previous = slot.previous } else { tail = slot.previous }
    }
}
