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

    /// A failure with this sentence and remedy.
    public init(message: String, remedy: Remedy) {
        self.message = message
        self.remedy = remedy
    }

    /// The failure for a Domain error (or a generated feature's): its sentence and its remedy.
    public init(_ error: some UserFacingError) {
        self.init(message: UserMessages.text(for: error), remedy: error.remedy)
    }

    /// The sentence, as traces print it.
    public var description: String { message }
}
