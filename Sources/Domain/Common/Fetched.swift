/// A value together with where it came from and how fresh it is.
public struct Fetched<Value: Sendable>: Sendable {
    /// The data itself.
    public var value: Value
    /// Where the data was read from.
    public var origin: DataOrigin
    /// How current the data is.
    public var freshness: Freshness
    /// Seconds since the data was last confirmed by the server.
    public var ageSeconds: Int

    /// Wraps a value with its provenance.
    public init(_ value: Value, origin: DataOrigin, freshness: Freshness = .fresh, ageSeconds: Int = 0) {
        self.value = value
        self.origin = origin
        self.freshness = freshness
        self.ageSeconds = ageSeconds
    }

    /// The same provenance around a transformed value.
    public func map<Other: Sendable>(_ transform: (Value) -> Other) -> Fetched<Other> {
        Fetched<Other>(transform(value), origin: origin, freshness: freshness, ageSeconds: ageSeconds)
    }
}

extension Fetched: Equatable where Value: Equatable {}
