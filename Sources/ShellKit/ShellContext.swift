/// What the shell needs from an app's session: its commands, prompt and output settings, and a
/// hook after each command.
public protocol ShellContext: AnyObject {
    /// The commands the session knows.
    var registry: CommandRegistry<Self> { get }
    /// The prompt shown before each line.
    var prompt: String { get }
    /// How output is printed.
    var format: OutputFormat { get }
    /// How output is coloured.
    var styling: Styling { get }
    /// Whether each command's duration is printed.
    var timer: Bool { get }
    /// Runs after every command that did not end the session (refresh the prompt's state, print
    /// what happened in the background).
    func afterCommand() async
    /// Runs one command; an app wraps it in what every command shares (such as a deadline).
    func perform(_ command: () async throws(CommandFailure) -> CommandOutput) async throws(CommandFailure)
        -> CommandOutput
}

extension ShellContext {
    public func perform(_ command: () async throws(CommandFailure) -> CommandOutput) async throws(CommandFailure)
        -> CommandOutput
    {
        try await command()
    }
}
