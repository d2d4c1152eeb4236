/// A command that did not do its work, with the one-line message the user sees.
public struct CommandFailure: Error, Equatable, Sendable {
    /// The message, without the `error:` prefix.
    public let message: String

    /// Wraps a message.
    public init(_ message: String) {
        self.message = message
    }

    /// The failure of a command whose work was cancelled before it finished.
    public static let cancelled = CommandFailure("Cancelled")
}
