public import Foundation

/// Everything that can go wrong with user profiles, as the user should hear it.
public enum UserError: Error, LocalizedError, Equatable, Sendable {
    /// The number is not a user identifier (not positive).
    case invalidID(Int)
    /// No user has this identifier.
    case notFound(id: User.ID)
    /// The user's session is no longer valid.
    case unauthorized
    /// The user may not do this: signed in, and refused.
    case forbidden
    /// The server refused the request (malformed, or content it does not take).
    case rejected
    /// The server could not be reached or failed; the work may succeed later.
    case unavailable
    /// The server asked to wait longer than the operation may take: try again in this many seconds.
    case busy(retryAfterSeconds: Int)
    /// Data arrived that the app cannot read.
    case invalidData
    /// Only cached data was allowed and nothing is cached.
    case notCached
    /// Plain HTTP to a host that is not an allowed exception; no request was made.
    case insecureConnection(host: String)
    /// The work was cancelled before it finished.
    case cancelled

    /// A short message for the user.
    public var errorDescription: String? {
        switch self {
        case .invalidID(let id): "Invalid user id \(id): ids are positive whole numbers"
        case .notFound(let id): "User \(id) was not found"
        case .unauthorized: "Please log in again"
        case .forbidden: "You are not allowed to do that"
        case .rejected: "The server refused the request"
        case .unavailable: "The server can't be reached; try again later"
        case .busy(let seconds): "The server is busy; try again in \(seconds) s"
        case .invalidData: "The server sent data the app can't read"
        case .notCached: "Not available offline"
        case .insecureConnection(let host):
            "Plain HTTP to \(host) is not allowed; use https or make the host an exception"
        case .cancelled: "Cancelled"
        }
    }
}

extension UserError: UserFacingError {
    /// None: it is about no one field of an item.
    public var fieldName: String? { nil }

    /// What a screen may offer.
    public var remedy: Remedy {
        switch self {
        case .unavailable, .busy: .retry
        case .unauthorized: .signIn
        case .invalidID, .notFound, .notCached: .pickAnother
        case .forbidden, .rejected, .invalidData, .insecureConnection, .cancelled: .none
        }
    }
}
