/// The arguments of one command line, checked against its ``CommandSpec``.
public struct ParsedArguments: Equatable, Sendable {
    /// Positional arguments by placeholder name.
    private(set) var positionals: [String: String] = [:]
    /// Flag values by flag name, in the order given; switches have an empty value.
    private(set) var flags: [String: [String]] = [:]
    /// What a form calls each flag it stands for (`minutes` for `--minutes`); empty when typed.
    private var labels: [String: String] = [:]
    /// The input line after the command's, when its ``CommandSpec/nextLineFlag`` was given
    /// (empty when input ended there).
    public internal(set) var nextLine: String?

    /// Checks `words` (after the command name) against `spec`.
    public static func parse<Context>(
        _ words: [String], for spec: CommandSpec<Context>
    ) -> Result<ParsedArguments, CommandFailure> {
        var parsed = ParsedArguments()
        var loose: [String] = []
        var index = 0
        var flagsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if flagsEnded || !word.hasPrefix("--") {
                loose.append(word)
                continue
            }
            if word == "--" {
                flagsEnded = true
                continue
            }
            switch parsed.takeFlag(word, spec: spec, following: words, index: &index) {
            case .success: continue
            case .failure(let failure): return .failure(failure)
            }
        }
        return parsed.assign(loose, spec: spec).map { parsed }
    }

    /// The positional argument named `name`, if given.
    public func value(_ name: String) -> String? { positionals[name] }

    /// The last value of a flag, if given.
    public func flag(_ name: String) -> String? { flags[name]?.last }

    /// Every value of a repeatable flag.
    public func all(_ name: String) -> [String] { flags[name] ?? [] }

    /// Whether a switch was given.
    public func isSet(_ name: String) -> Bool { flags[name] != nil }
}

extension ParsedArguments {
    /// Flags given by a form rather than typed (a window's changed fields): each flag's values,
    /// in order, with no positional arguments, and the name the form shows for each flag, which
    /// ``label(of:)`` gives the messages about it.
    public init(flags: [String: [String]], labels: [String: String]) {
        self.init()
        self.flags = flags
        self.labels = labels
    }

    /// What a message calls `flag`: the form's name for it, or the flag as the user typed it.
    public func label(of flag: String) -> String { labels[flag] ?? flag }
}

// MARK: - Private

extension ParsedArguments {
    private mutating func takeFlag<Context>(
        _ word: String, spec: CommandSpec<Context>, following words: [String], index: inout Int
    ) -> Result<Void, CommandFailure> {
        let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
        let name = parts[0]
        guard let flag = spec.flags.first(where: { $0.name == name }) else {
            return .failure(CommandFailure("unknown flag '\(name)' for '\(spec.name)' (try 'help \(spec.name)')"))
        }
        if !flag.isRepeatable && flags[name] != nil {
            return .failure(CommandFailure("flag '\(name)' given more than once"))
        }
        guard let valueName = flag.valueName else {
            if parts.count > 1 { return .failure(CommandFailure("flag '\(name)' takes no value")) }
            flags[name, default: []].append("")
            return .success(())
        }
        let value: String
        if parts.count > 1 {
            value = parts[1]
        } else if index < words.count {
            value = words[index]
            index += 1
        } else {
            return .failure(CommandFailure("flag '\(name)' needs a value \(valueName)"))
        }
        if !flag.allowedValues.isEmpty && !flag.allowedValues.contains(value) {
            let allowed = flag.allowedValues.joined(separator: ", ")
            return .failure(CommandFailure("invalid value '\(value)' for '\(name)' (expected one of: \(allowed))"))
        }
        flags[name, default: []].append(value)
        return .success(())
    }

    private mutating func assign<Context>(
        _ loose: [String], spec: CommandSpec<Context>
    ) -> Result<Void, CommandFailure> {
        var remaining = loose[...]
        for argument in spec.arguments {
            if argument.takesRest {
                if !remaining.isEmpty { positionals[argument.name] = remaining.joined(separator: " ") }
                remaining = []
            } else if let word = remaining.popFirst() {
                positionals[argument.name] = word
            }
            if positionals[argument.name] == nil && !argument.isOptional {
                return .failure(CommandFailure("missing \(argument.name) (usage: \(spec.usage))"))
            }
        }
        if let extra = remaining.first {
            return .failure(CommandFailure("unexpected argument '\(extra)' (usage: \(spec.usage))"))
        }
        if let missing = spec.flags.first(where: { $0.isRequired && flags[$0.name] == nil }) {
            let values = missing.allowedValues.isEmpty ? "" : " " + missing.allowedValues.joined(separator: "|")
            return .failure(CommandFailure("missing \(missing.name)\(values) (usage: \(spec.usage))"))
        }
        return .success(())
    }
}
