import Platform
/// Everything the shell knows about one command: the single source for dispatch, `help` and Tab
/// completion.
struct CommandSpec {
    /// The words that name the command, such as `docs list`.
    let name: String
    /// Other names that run the same command (`exit` for `quit`).
    var aliases: [String] = []
    /// The help group the command is listed under.
    let group: CommandGroup
    /// One line saying what the command does.
    let summary: String
    /// The positional arguments, in order.
    var arguments: [ArgumentSpec] = []
    /// The flags the command accepts.
    var flags: [FlagSpec] = []
    /// Example lines shown by `help COMMAND`.
    var examples: [String] = []
    /// Whether lines running this command carry secrets and must never reach the history file.
    var isSensitive = false
    /// Runs the command.
    let run: @MainActor (CommandContext, ParsedArguments) async -> CommandResult

    /// The name split into words.
    var words: [String] { name.split(separator: " ").map(String.init) }

    /// The usage line, built from the arguments and flags.
    var usage: String {
        let positional = arguments.map(\.usage)
        let flagUsage = flags.map(\.usage)
        return ([name] + positional + flagUsage).joined(separator: " ")
    }
}

/// The sections `help` lists commands under.
enum CommandGroup: String, CaseIterable {
    /// Reading and writing documents.
    case documents = "Documents"
    /// User profiles.
    case users = "Users"
    /// The data sources' cache tiers.
    case cache = "Cache"
    /// Offline-first writes: the outbox, sync and conflicts.
    case sync = "Sync"
    /// Windows: scene sessions, their lifecycle and restoration.
    case scenes = "Scenes"
    /// Editing the document of the active editor scene.
    case editor = "Editor"
    /// The embedded demo server and its faults.
    case server = "Demo server"
    /// The shell itself.
    case shell = "Shell"
}

/// A positional argument of a command.
struct ArgumentSpec {
    /// The placeholder shown in usage, such as `ID`.
    let name: String
    /// Whether the argument may be left out.
    var isOptional = false
    /// Whether the argument takes every remaining word, joined by spaces.
    var takesRest = false
    /// What Tab offers for the argument.
    var completion = ArgumentCompletion.none

    /// How the argument appears in a usage line.
    var usage: String {
        let shown = takesRest ? "\(name)..." : name
        return isOptional ? "[\(shown)]" : shown
    }
}

/// What Tab completion offers for a positional argument.
enum ArgumentCompletion: Equatable {
    /// Nothing: free text.
    case none
    /// One of these words.
    case values([String])
    /// Identifiers of documents stored on this device.
    case documentID
    /// Identifiers of users stored on this device.
    case userID
    /// Identifiers of open scene sessions.
    case sceneID
    /// Paths of files and folders.
    case file
}

/// A `--flag` of a command, with or without a value.
struct FlagSpec {
    /// The flag as typed, such as `--body`.
    let name: String
    /// The placeholder for its value, or `nil` for a switch.
    var valueName: String?
    /// What the flag does.
    let help: String
    /// Whether the flag may be given more than once.
    var isRepeatable = false
    /// The only values allowed, when the flag takes one of a fixed set.
    var allowedValues: [String] = []

    /// How the flag appears in a usage line.
    var usage: String {
        let body = valueName.map { "\(name) \($0)" } ?? name
        return isRepeatable ? "[\(body)]..." : "[\(body)]"
    }
}
