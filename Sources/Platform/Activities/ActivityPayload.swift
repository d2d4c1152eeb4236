/// The typed content of a ``UserActivity``: what a scene needs to show the same thing again.
///
/// Each payload type names its activity type and the schema version it writes. Register it in an
/// ``ActivityRegistry`` so a saved activity decodes back to it.
nonisolated public protocol ActivityPayload: Codable, Sendable, Equatable {
    /// The activity type this payload belongs to, such as `com.strata.document.edit`.
    static var activityType: String { get }
    /// The version of the payload's encoded form; raise it when the fields change.
    static var schemaVersion: Int { get }
}

nonisolated extension ActivityPayload {
    /// Whether `other` is a payload of the same type with the same values.
    func isEqual(to other: any ActivityPayload) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
