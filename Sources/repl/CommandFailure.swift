/// A command that did not do its work, with the one-line message the user sees.
struct CommandFailure: Error, Equatable {
    /// The message, without the `error:` prefix.
    let message: String

    /// Wraps a message.
    init(_ message: String) {
        self.message = message
    }
}

/// What running a command produced.
typealias CommandResult = Result<CommandOutput, CommandFailure>
