public import Foundation

/// Why the saved scene state could not be read or written.
nonisolated public enum SceneStateError: Error, LocalizedError, Equatable, Sendable {
    /// The saved state exists but could not be read.
    case unreadable(reason: String)
    /// The state could not be written; the previous state is still in place.
    case unwritable(reason: String)

    /// A short message for the user.
    public var errorDescription: String? {
        switch self {
        case .unreadable(let reason): "The saved window state can't be read: \(reason)"
        case .unwritable(let reason): "The window state could not be saved: \(reason)"
        }
    }
}
