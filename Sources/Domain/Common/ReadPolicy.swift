/// Where a read may look for data, and in which order.
public enum ReadPolicy: String, Hashable, Sendable, CaseIterable {
    /// Serve cached data when there is any, refreshing it in the background when stale.
    case cacheFirst = "cache-first"
    /// Ask the server first; fall back to cached data when the server fails.
    case networkFirst = "network-first"
    /// Only cached data on this device; never the network.
    case localOnly = "local-only"
    /// Only the server; never cached data.
    case remoteOnly = "remote-only"
    /// Like ``cacheFirst`` but bypassing the in-memory tier.
    case skipMemory = "skip-memory"
}
