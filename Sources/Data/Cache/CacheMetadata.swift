public import Foundation

/// When a cached value was last confirmed by the server, and how long it stays fresh.
public struct CacheMetadata: Sendable, Equatable {
    /// When the server last sent or confirmed the value.
    public var fetchedAt: Date
    /// The server's entity tag, used to revalidate with `If-None-Match`.
    public var etag: String?
    /// Seconds the server said the value stays fresh (`Cache-Control: max-age`); `nil` uses the
    /// data source's per-type time to live.
    public var maxAge: TimeInterval?

    /// Creates metadata.
    public init(fetchedAt: Date, etag: String? = nil, maxAge: TimeInterval? = nil) {
        self.fetchedAt = fetchedAt
        self.etag = etag
        self.maxAge = maxAge
    }
}

extension CacheMetadata {
    /// Whole seconds since the server last sent or confirmed the value, never negative.
    public func age(at now: Date) -> Int {
        Self.wholeSeconds(from: fetchedAt, to: now)
    }

    /// Whole seconds from `start` to `end`, 0 when `start` is later (a clock set back).
    ///
    /// At most 10^12 (about 31,700 years): a moment read from a damaged row, however far off,
    /// gives an age instead of trapping the conversion to `Int`.
    static func wholeSeconds(from start: Date, to end: Date) -> Int {
        let seconds = end.timeIntervalSince(start)
        guard seconds > 0 else { return 0 }  // also when it is not a number
        return Int(min(seconds, 1e12))
    }

    /// Whether a value of this `age` is still fresh: younger than `max-age`, or than `timeToLive`
    /// when the server sent none.
    public func isFresh(age: Int, timeToLive: TimeInterval) -> Bool {
        Double(age) < (maxAge ?? timeToLive)
    }
}

/// A value read from a local store together with its cache metadata.
public struct CachedEntry<Value: Sendable>: Sendable {
    /// The stored value.
    public var value: Value
    /// Its cache metadata.
    public var metadata: CacheMetadata

    /// Pairs a value with its metadata.
    public init(value: Value, metadata: CacheMetadata) {
        self.value = value
        self.metadata = metadata
    }
}

extension CachedEntry: Equatable where Value: Equatable {}
