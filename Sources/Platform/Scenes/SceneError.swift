public import Foundation

/// Everything that can go wrong with scenes and sessions, as the user should hear it.
nonisolated public enum SceneError: Error, LocalizedError, Equatable, Sendable {
    /// No open session has this identifier.
    case noSuchSession(String)
    /// The session was destroyed; it cannot be activated again.
    case destroyed(String)
    /// The lifecycle does not allow this move.
    case invalidTransition(session: String, from: SceneActivationState, to: SceneActivationState)
    /// The session has no connected scene.
    case notConnected(String)
    /// No payload type is registered for this activity type.
    case unregisteredActivity(String)
    /// The URL is not one the app can open.
    case unsupportedURL(String)
    /// The scene state could not be saved.
    case saveFailed(String)

    /// A short message for the user.
    public var errorDescription: String? {
        switch self {
        case .noSuchSession(let id): "No scene session '\(id)'"
        case .destroyed(let id): "Scene session '\(id)' was destroyed; open a new scene instead"
        case .invalidTransition(let id, let from, let to):
            "Scene '\(id)' can't go from \(from.rawValue) to \(to.rawValue)"
        case .notConnected(let id): "Scene session '\(id)' has no connected scene"
        case .unregisteredActivity(let type): "Unknown activity type '\(type)'"
        case .unsupportedURL(let reason): reason
        case .saveFailed(let reason): "The window state could not be saved: \(reason)"
        }
    }
}
