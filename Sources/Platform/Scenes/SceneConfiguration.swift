public import Foundation

/// The role a session plays, as UIKit's `UISceneSession.Role`.
nonisolated public enum SceneSessionRole: String, Codable, Sendable {
    /// An ordinary window of the app.
    case windowApplication
}

/// Which kind of scene a session runs: the app picks one by name when a scene connects.
nonisolated public struct SceneConfiguration: Equatable, Sendable, Codable {
    /// The configuration's name, such as "Default Configuration".
    public let name: String
    /// The role of sessions with this configuration.
    public let role: SceneSessionRole

    /// Creates a configuration.
    public init(name: String, role: SceneSessionRole = .windowApplication) {
        self.name = name
        self.role = role
    }
}

/// What a scene is connected with: the activities and URLs that asked for it.
nonisolated public struct SceneConnectionOptions: Equatable, Sendable {
    /// Activities to show (a handoff, a request from another scene).
    public var userActivities: [UserActivity]
    /// URLs to open (`strata://documents/42`).
    public var urlContexts: [URL]

    /// Creates connection options.
    public init(userActivities: [UserActivity] = [], urlContexts: [URL] = []) {
        self.userActivities = userActivities
        self.urlContexts = urlContexts
    }
}
