/// How much the memory tier may hold, by entry count and by estimated bytes.
public struct MemoryCacheLimits: Sendable, Equatable {
    /// The most entries kept.
    public var countLimit: Int
    /// The most estimated bytes kept.
    public var costLimit: Int

    /// Creates limits.
    public init(countLimit: Int, costLimit: Int) {
        self.countLimit = countLimit
        self.costLimit = costLimit
    }

    /// Where the code runs; an extension gets a far smaller budget than the app (the system ends
    /// an extension that uses a fraction of what an app may).
    public enum Context: String, Sendable, CaseIterable {
        /// The main app process.
        case mainApp
        /// An app extension (widget, share sheet) with a tight memory limit.
        case appExtension
    }

    /// The limits for a context: the app keeps 1,000 entries or 32 MiB, an extension 100 or 4 MiB.
    public static func forContext(_ context: Context) -> MemoryCacheLimits {
        MemoryCacheLimits(countLimit: 1_000, costLimit: 32 * 1_048_576).scaled(to: context)
    }

    /// These limits, taken as the app's, for `context`: the app keeps them, an extension gets a
    /// tenth of the entries and an eighth of the bytes.
    public func scaled(to context: Context) -> MemoryCacheLimits {
        switch context {
        case .mainApp: self
        case .appExtension: MemoryCacheLimits(countLimit: countLimit / 10, costLimit: costLimit / 8)
        }
    }
}
