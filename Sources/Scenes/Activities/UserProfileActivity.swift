public import Platform
import Presentation

/// A profile screen's state: whose profile it shows.
nonisolated public struct UserProfileActivity: ActivityPayload {
    /// `com.strata.user.profile`.
    public static let activityType = "com.strata.user.profile"
    /// The first schema.
    public static let schemaVersion = 1

    /// The user shown.
    public var userId: Int

    /// Creates the payload.
    public init(userId: Int) {
        self.userId = userId
    }

    /// `user/7`.
    public var targetContentIdentifier: String { "user/\(userId)" }
}
