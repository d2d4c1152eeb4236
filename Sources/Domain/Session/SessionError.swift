public import Foundation

/// Why signing in or out did not happen.
public enum SessionError: Error, LocalizedError, Equatable, Sendable {
    /// A name is required.
    case missingName
    /// A password is required.
    case missingPassword
    /// Someone is signed in already; sign out first.
    case alreadySignedIn(String)
    /// Nobody is signed in.
    case notSignedIn
    /// The server does not know this name and password.
    case wrongCredentials
    /// The server could not be reached or failed.
    case unreachable(String)
    /// The device could not keep or forget the session.
    case storage(String)

    /// A short message for the user (never the password or the token).
    public var errorDescription: String? {
        switch self {
        case .missingName: "A name is required ('login NAME')"
        case .missingPassword: "A password is required"
        case .alreadySignedIn(let name): "Already signed in as \(name); 'logout' first"
        case .notSignedIn: "Nobody is signed in"
        case .wrongCredentials: "Wrong name or password"
        case .unreachable(let reason): "Sign-in needs the server: \(reason)"
        case .storage(let reason): "The session could not be kept on this device: \(reason)"
        }
    }
}

extension SessionError: UserFacingError {
    /// None: it is about no one field of an item.
    public var fieldName: String? { nil }

    /// What a screen may offer.
    public var remedy: Remedy {
        switch self {
        case .unreachable: .retry
        case .missingName, .missingPassword, .wrongCredentials: .fixInput
        case .alreadySignedIn, .notSignedIn, .storage: .none
        }
    }
}
