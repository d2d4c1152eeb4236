public import Domain

/// What repositories need from a data source; lets them hold any data source by key and object type.
public protocol CachedReading<Key, Object>: Sendable {
    /// What identifies an object.
    associatedtype Key: Hashable & Sendable
    /// What is read.
    associatedtype Object: Sendable

    /// Reads an object under a read policy, reporting where it came from and how fresh it is.
    func read(_ key: Key, policy: ReadPolicy) async throws(DataSourceError) -> Fetched<Object>
    /// Drops one key from every tier.
    func invalidate(_ key: Key) async throws(DataSourceError)
    /// Empties the on-device tier only; the memory tier keeps what it has.
    func clearLocal() async throws(DataSourceError)
    /// Empties the memory tier; returns the bytes (by the tier's cost) it held.
    @discardableResult func evacuateMemory() -> Int
    /// Drops some keys from the memory tier only (the on-device copy was just replaced).
    func forgetInMemory(_ keys: [Key])
    /// Counters and sizes of the tiers.
    func statistics() async -> DataSourceStatistics
}

/// Why a data source read failed.
public enum DataSourceError: Error, Equatable, Sendable {
    /// The server failed and the policy allowed no cached fallback (or none existed).
    case remote(RemoteError)
    /// The on-device store failed.
    case storage(StorageError)
    /// `localOnly` found nothing cached.
    case notCached
    /// A page was asked for after a cursor its list never handed out.
    case invalidCursor
    /// A search would run on this device's index with no word to look for.
    case noWordsOnDevice
}

/// Hit and miss counters per tier, and the tiers' sizes.
public struct DataSourceStatistics: Sendable, Equatable {
    /// Reads answered by the memory tier.
    public var memoryHits = 0
    /// Reads that looked in the memory tier and found nothing.
    public var memoryMisses = 0
    /// Reads answered by the on-device store.
    public var diskHits = 0
    /// Reads that looked on disk and found nothing.
    public var diskMisses = 0
    /// Requests actually sent to the server (shared requests count once).
    public var networkRequests = 0
    /// Conditional requests the server answered with 304.
    public var revalidations = 0
    /// Entries in the memory tier.
    public var memoryEntries = 0
    /// Estimated bytes in the memory tier.
    public var memoryBytes = 0
    /// Entries in the on-device store.
    public var diskEntries = 0

    /// Creates empty statistics.
    public init() {}

    /// The sum of two sets of statistics.
    public static func + (lhs: Self, rhs: Self) -> Self {
        var sum = lhs
        sum.memoryHits += rhs.memoryHits
        sum.memoryMisses += rhs.memoryMisses
        sum.diskHits += rhs.diskHits
        sum.diskMisses += rhs.diskMisses
        sum.networkRequests += rhs.networkRequests
        sum.revalidations += rhs.revalidations
        sum.memoryEntries += rhs.memoryEntries
        sum.memoryBytes += rhs.memoryBytes
        sum.diskEntries += rhs.diskEntries
        return sum
    }
}
