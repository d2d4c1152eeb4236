public import Foundation

/// What the user can do about a failure, so a screen offers it (a retry button, a sign-in sheet)
/// without reading the message.
public enum Remedy: String, Sendable, CaseIterable {
    /// Try again, now or a little later: the network or the server failed, nothing was lost.
    case retry
    /// Sign in again: the session is missing or has expired.
    case signIn
    /// Choose another item: this one does not exist, or is not on this device.
    case pickAnother
    /// Change what was typed: it breaks a rule.
    case fixInput
    /// Nothing to offer beyond the message (damaged data, a full disk, a refusal).
    case none
}

/// An error a user reads: its sentence (`errorDescription`) and what they may do about it.
///
/// Every Domain error is one, and so is every generated feature's.
public protocol UserFacingError: LocalizedError, Equatable, Sendable {
    /// What a screen may offer.
    var remedy: Remedy { get }
    /// The field of the item the error is about, by its name (`title`), so a form can show the
    /// sentence beside it; `nil` for an error about no one field.
    var fieldName: String? { get }
}
