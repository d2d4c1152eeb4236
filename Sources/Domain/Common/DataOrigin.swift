/// Where a piece of data was read from.
public enum DataOrigin: String, Hashable, Sendable, CaseIterable {
    /// The in-process memory cache.
    case memory
    /// The on-device store.
    case disk
    /// The server.
    case network
    /// The on-device search index: every document stored here, as current as the last sync.
    case index
}

/// How current a piece of data is known to be.
public enum Freshness: String, Hashable, Sendable, CaseIterable {
    /// Within its time to live.
    case fresh
    /// Past its time to live (served anyway, for example while offline).
    case stale
    /// Past its time to live, then confirmed unchanged by the server.
    case revalidated
}
