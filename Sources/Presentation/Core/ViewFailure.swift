public import Domain

/// A failure as a screen shows it: the sentence for the user and what the screen may offer
/// (a retry button, a sign-in sheet, another pick), so a view never parses the text.
///
/// ```swift
/// case .failed(let failure) where failure.remedy == .retry:
///     RetryView(message: failure.message) { model.load() }
/// ```
nonisolated public struct ViewFailure: Equatable, Sendable, CustomStringConvertible {
    /// The sentence, worded by ``UserMessages``.
    public let message: String
    /// What the screen may offer.
    public let remedy: Remedy
    /// The field the sentence is about (`title`), for a form to show it beside; `nil` when it is
    /// about no one field.
    public let field: String?

    /// A failure with this sentence and remedy, about `field` (`nil`: no one field).
    public init(message: String, remedy: Remedy, field: String?) {
        self.message = message
        self.remedy = remedy
        self.field = field
    }

    /// The failure for a Domain error (or a generated feature's): its sentence, its remedy and
    /// the field it is about.
    public init(_ error: some UserFacingError) {
        self.init(message: UserMessages.text(for: error), remedy: error.remedy, field: error.fieldName)
    }

    /// The sentence, as traces print it.
    public var description: String { message }
}
