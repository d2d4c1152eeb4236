import Domain
import Foundation
import StrataData
import TestSupport
import Testing

@Suite("Memory tier: LRU by count and by cost")
struct MemoryCacheTests {
    let metadata = CacheMetadata(fetchedAt: Date(timeIntervalSince1970: 0))

    func cache(count: Int, cost: Int) -> MemoryCache<Int, String> {
        MemoryCache(limits: MemoryCacheLimits(countLimit: count, costLimit: cost))
    }

    func put(_ cache: MemoryCache<Int, String>, _ key: Int, cost: Int = 1) {
        cache.insert(CachedEntry(value: "v\(key)", metadata: metadata), for: key, cost: cost)
    }

    @Test func theLeastRecentlyUsedEntryGoesFirst() {
        let lru = cache(count: 3, cost: 1000)
        for key in 1...3 { put(lru, key) }
        _ = lru.value(for: 1)  // 1 becomes the most recent; 2 is now the oldest
        put(lru, 4)
        #expect(lru.value(for: 2) == nil)
        #expect(lru.value(for: 1)?.value == "v1")
        #expect(lru.value(for: 3) != nil && lru.value(for: 4) != nil)
        #expect(lru.usage.count == 3)
    }

    @Test func theCostLimitEvictsUntilItFits() {
        let lru = cache(count: 100, cost: 10)
        put(lru, 1, cost: 4)
        put(lru, 2, cost: 4)
        put(lru, 3, cost: 4)
        #expect(lru.value(for: 1) == nil)
        #expect(lru.usage.cost == 8)
        put(lru, 4, cost: 11)  // larger than the whole budget: not kept, nothing else lost
        #expect(lru.value(for: 4) == nil)
        #expect(lru.usage.count == 2)
    }

    @Test func replacingAKeyReplacesItsCost() {
        let lru = cache(count: 10, cost: 10)
        put(lru, 1, cost: 6)
        put(lru, 1, cost: 2)
        #expect(lru.usage.cost == 2 && lru.usage.count == 1)
    }

    @Test func removingManyKeysRemovesThoseAndKeepsTheRest() {
        let lru = cache(count: 10, cost: 100)
        for key in 1...5 { put(lru, key, cost: key) }
        lru.remove([2, 4, 42])  // 42 was never there
        #expect(lru.usage.count == 3 && lru.usage.cost == 1 + 3 + 5)
        #expect(lru.value(for: 2) == nil && lru.value(for: 4) == nil)
        #expect(lru.value(for: 1) != nil && lru.value(for: 3) != nil && lru.value(for: 5) != nil)
        put(lru, 2, cost: 2)  // a freed slot is used again
        #expect(lru.value(for: 2)?.value == "v2" && lru.usage.count == 4)
    }

    @Test func evacuateEmptiesEverything() {
        let lru = cache(count: 10, cost: 100)
        for key in 1...5 { put(lru, key) }
        lru.evacuate()
        #expect(lru.usage.count == 0 && lru.usage.cost == 0)
        put(lru, 9)
        #expect(lru.value(for: 9) != nil)
    }

    @Test func anExtensionGetsASmallerBudgetThanTheApp() {
        let app = MemoryCacheLimits.forContext(.mainApp)
        let appExtension = MemoryCacheLimits.forContext(.appExtension)
        #expect(appExtension.countLimit < app.countLimit && appExtension.costLimit < app.costLimit)
    }

    @Test func manyInsertionsKeepTheStructureConsistent() {
        let lru = cache(count: 50, cost: 10_000)
        for key in 0..<10_000 {
            put(lru, key % 173)
            if key % 7 == 0 { lru.remove(key % 31) }
            _ = lru.value(for: key % 11)
        }
        #expect(lru.usage.count <= 50)
        #expect(lru.usage.cost == lru.usage.count)
    }

    @Test func aSlotFreedByARemovalIsReusedWithoutDisturbingTheOrder() {
        let lru = cache(count: 3, cost: 1000)
        for key in 1...3 { put(lru, key) }
        lru.remove(2)
        put(lru, 4)  // takes the freed slot; order, newest first: 4, 3, 1
        _ = lru.value(for: 1)  // 1, 4, 3
        put(lru, 5)  // evicts 3
        #expect(lru.value(for: 3) == nil)
        #expect([1, 4, 5].allSatisfy { lru.value(for: $0) != nil })
    }

    @Test func hitsAndMissesAreCountedAndOutliveAnEvacuation() {
        let lru = cache(count: 10, cost: 100)
        put(lru, 1)
        _ = lru.value(for: 1)
        _ = lru.fetched(for: 1, at: metadata.fetchedAt, timeToLive: 60)
        _ = lru.value(for: 2)
        lru.evacuate()
        _ = lru.value(for: 1)
        #expect(lru.lookups.hits == 2 && lru.lookups.misses == 2)
    }

    @Test func aHitIsAnsweredWithItsAgeAndFreshness() throws {
        let lru = MemoryCache<Int, String>(limits: MemoryCacheLimits(countLimit: 10, costLimit: 100))
        let fetchedAt = Date(timeIntervalSince1970: 1000)
        lru.insert(
            CachedEntry(value: "a", metadata: CacheMetadata(fetchedAt: fetchedAt, etag: "\"1\"")), for: 1, cost: 1)
        lru.insert(
            CachedEntry(value: "b", metadata: CacheMetadata(fetchedAt: fetchedAt, etag: "\"2\"", maxAge: 5)), for: 2,
            cost: 1)

        let fresh = try #require(lru.fetched(for: 1, at: fetchedAt.addingTimeInterval(30), timeToLive: 60))
        #expect(fresh.fetched.value == "a" && fresh.fetched.origin == .memory)
        #expect(fresh.fetched.freshness == .fresh && fresh.fetched.ageSeconds == 30 && fresh.staleETag == nil)

        let stale = try #require(lru.fetched(for: 1, at: fetchedAt.addingTimeInterval(60), timeToLive: 60))
        #expect(stale.fetched.freshness == .stale && stale.staleETag == "\"1\"")

        let byMaxAge = try #require(lru.fetched(for: 2, at: fetchedAt.addingTimeInterval(6), timeToLive: 60))
        #expect(byMaxAge.fetched.freshness == .stale && byMaxAge.staleETag == "\"2\"", "max-age wins over the default")

        let clockBehind = try #require(lru.fetched(for: 1, at: fetchedAt.addingTimeInterval(-10), timeToLive: 60))
        #expect(clockBehind.fetched.ageSeconds == 0 && clockBehind.fetched.freshness == .fresh)
        #expect(lru.fetched(for: 3, at: fetchedAt, timeToLive: 60) == nil)
    }
}
