public import Domain
public import Foundation

/// Turns errors into the sentences the user reads: the one place where Presentation words them.
nonisolated public enum UserMessages {
    /// The message for a document error.
    public static func text(for error: DocumentError) -> String {
        error.errorDescription ?? Constants.fallback
    }

    /// The message for a user-profile error.
    public static func text(for error: UserError) -> String {
        error.errorDescription ?? Constants.fallback
    }

    /// The message for a feature's error (one made with `scaffold-feature`).
    public static func text(for error: some LocalizedError) -> String {
        error.errorDescription ?? Constants.fallback
    }
}

// MARK: - Private

nonisolated extension UserMessages {
    private enum Constants {
        static let fallback = "Something went wrong"
    }
}
