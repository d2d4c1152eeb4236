/// The set of commands the shell knows, looked up by their leading words.
public struct CommandRegistry<Context> {
    /// Every command, in help order.
    public let commands: [CommandSpec<Context>]

    /// A registry of `commands`, in help order.
    public init(commands: [CommandSpec<Context>]) {
        self.commands = commands
    }

    /// What looking up a line's words found.
    public enum Lookup {
        /// A command and the words after its name.
        case command(CommandSpec<Context>, arguments: [String])
        /// No command has these words; the message says what to try.
        case unknown(String)
    }

    /// The command that `words` start with: the longest name (or alias) that matches wins.
    public func lookup(_ words: [String]) -> Lookup {
        var best: (spec: CommandSpec<Context>, length: Int)?
        for spec in commands {
            for name in [spec.name] + spec.aliases {
                let nameWords = name.split(separator: " ").map(String.init)
                if words.starts(with: nameWords), nameWords.count > (best?.length ?? 0) {
                    best = (spec, nameWords.count)
                }
            }
        }
        if let best { return .command(best.spec, arguments: Array(words.dropFirst(best.length))) }
        return .unknown(unknownMessage(words))
    }

    /// The commands whose name starts with `words` (all of them for no words).
    public func commands(under words: [String]) -> [CommandSpec<Context>] {
        commands.filter { $0.words.starts(with: words) }
    }

    /// The help sections, in the order their first command appears.
    public var groups: [CommandGroup] {
        var seen: [CommandGroup] = []
        for spec in commands where !seen.contains(spec.group) { seen.append(spec.group) }
        return seen
    }

    /// The words that may follow `words` in a command name.
    public func nextWords(after words: [String]) -> [String] {
        let names: [[String]] = commands.flatMap { spec -> [String] in [spec.name] + spec.aliases }
            .map { $0.split(separator: " ").map(String.init) }
        let next = names.filter { $0.count > words.count && $0.starts(with: words) }.map { $0[words.count] }
        return Array(Set(next)).sorted()
    }
}

// MARK: - Private

extension CommandRegistry {
    private func unknownMessage(_ words: [String]) -> String {
        guard let first = words.first else { return "empty command" }
        if !nextWords(after: [first]).isEmpty {
            let shown = words.prefix(2).joined(separator: " ")
            if words.count == 1 { return "'\(first)' needs a subcommand (try 'help \(first)')" }
            return "unknown command '\(shown)' (try 'help \(first)')"
        }
        return "unknown command '\(first)' (try 'help')"
    }
}
