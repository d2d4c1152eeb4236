/// Where a value came from and how fresh it was when read.
public struct Provenance: Hashable, Sendable {
    /// The tier that answered.
    public var origin: DataOrigin
    /// How current the value is.
    public var freshness: Freshness
    /// Seconds since the server last confirmed it.
    public var ageSeconds: Int

    /// Creates a provenance; fresh and new unless said otherwise.
    public init(origin: DataOrigin, freshness: Freshness = .fresh, ageSeconds: Int = 0) {
        self.origin = origin
        self.freshness = freshness
        self.ageSeconds = ageSeconds
    }

    /// Fresh from memory.
    public static let memory = Provenance(origin: .memory)
    /// Fresh from the on-device store.
    public static let disk = Provenance(origin: .disk)
    /// Fresh from the server.
    public static let network = Provenance(origin: .network)
}

extension Fetched {
    /// Where the value came from and how fresh it is.
    public var provenance: Provenance {
        Provenance(origin: origin, freshness: freshness, ageSeconds: ageSeconds)
    }
}
