import Domain

extension Provenance {
    /// A short description: `memory, fresh` or `disk, stale, 90s old`.
    var text: String {
        let age = ageSeconds > 0 ? ", \(ageSeconds)s old" : ""
        return "\(origin.rawValue), \(freshness.rawValue)\(age)"
    }
}
