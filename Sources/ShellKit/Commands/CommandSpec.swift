/// Everything the shell knows about one command: the single source for dispatch, `help` and Tab
/// completion.
///
/// `Context` is the app's session state; the toolkit never looks inside it.
public struct CommandSpec<Context> {
    /// Runs a command: its output, or the one-line failure the user sees.
    public typealias Run = @MainActor (Context, ParsedArguments) async throws(CommandFailure) -> CommandOutput

    /// The words that name the command, such as `docs list`.
    public let name: String
    /// Other names that run the same command (`exit` for `quit`).
    public var aliases: [String]
    /// The help group the command is listed under.
    public let group: CommandGroup
    /// One line saying what the command does.
    public let summary: String
    /// The positional arguments, in order.
    public var arguments: [ArgumentSpec]
    /// The flags the command accepts.
    public var flags: [FlagSpec]
    /// Example lines shown by `help COMMAND`.
    public var examples: [String]
    /// Whether lines running this command carry secrets and must never reach the history file.
    public var isSensitive: Bool
    /// A switch that makes the shell hand the command the next input line as a secret
    /// (`--password-stdin`): that line is never echoed, remembered or run
    /// (``ParsedArguments/nextLine``).
    public var nextLineFlag: String?
    /// Runs the command.
    public let run: Run

    /// Describes a command.
    public init(
        name: String, aliases: [String] = [], group: CommandGroup, summary: String, arguments: [ArgumentSpec] = [],
        flags: [FlagSpec] = [], examples: [String] = [], isSensitive: Bool = false, nextLineFlag: String? = nil,
        run: @escaping Run
    ) {
        self.nextLineFlag = nextLineFlag
        self.name = name
        self.aliases = aliases
        self.group = group
        self.summary = summary
        self.arguments = arguments
        self.flags = flags
        self.examples = examples
        self.isSensitive = isSensitive
        self.run = run
    }

    /// The name split into words.
    public var words: [String] { name.split(separator: " ").map(String.init) }

    /// The usage line, built from the arguments and flags.
    public var usage: String {
        let positional = arguments.map(\.usage)
        let flagUsage = flags.map(\.usage)
        return ([name] + positional + flagUsage).joined(separator: " ")
    }
}

/// A section `help` lists commands under; sections appear in the order their first command does.
public struct CommandGroup: Hashable, Sendable {
    /// The section's heading, such as `Documents`.
    public let title: String

    /// A section with this heading.
    public init(_ title: String) {
        self.title = title
    }
}
