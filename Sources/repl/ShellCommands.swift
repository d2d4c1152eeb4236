/// The commands of the shell itself.
enum ShellCommands {
    /// Every shell command, in help order.
    static var all: [CommandSpec] { [help, format, trace, timer, source, quit] }
}

// MARK: - Private

extension ShellCommands {
    private static let help = CommandSpec(
        name: "help", group: .shell, summary: "List commands, or show how to use one",
        arguments: [ArgumentSpec(name: "COMMAND", isOptional: true, takesRest: true)],
        examples: ["help", "help docs new"]
    ) { context, arguments in
        HelpPages.page(for: arguments.value("COMMAND"), in: context.registry)
    }

    private static let format = CommandSpec(
        name: "format", group: .shell, summary: "Choose how output is printed",
        arguments: [ArgumentSpec(name: "FORMAT", completion: .values(OutputFormat.allCases.map(\.rawValue)))],
        examples: ["format json"]
    ) { context, arguments in
        let word = arguments.value("FORMAT") ?? ""
        guard let format = OutputFormat(rawValue: word) else {
            let allowed = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
            return .failure(CommandFailure("invalid format '\(word)' (expected one of: \(allowed))"))
        }
        context.format = format
        return .success(.message("Output format: \(format.rawValue)"))
    }

    private static let trace = toggle(
        "trace", summary: "Print view-model state transitions (on) or not (off)", example: "trace on",
        messages: (on: "Tracing view-model states.", off: "Not tracing view-model states."), setting: \.traceStates)

    private static let timer = toggle(
        "timer", summary: "Print each command's duration (on) or not (off)", example: "timer off",
        messages: (on: "Timing is on.", off: "Timing is off."), setting: \.timer)

    /// A command that turns a session setting on or off.
    private static func toggle(
        _ name: String, summary: String, example: String, messages: (on: String, off: String),
        setting: ReferenceWritableKeyPath<CommandContext, Bool>
    ) -> CommandSpec {
        CommandSpec(
            name: name, group: .shell, summary: summary,
            arguments: [ArgumentSpec(name: "on|off", completion: .values(["on", "off"]))], examples: [example]
        ) { context, arguments in
            switch arguments.value("on|off") {
            case "on":
                context[keyPath: setting] = true
                return .success(.message(messages.on))
            case "off":
                context[keyPath: setting] = false
                return .success(.message(messages.off))
            case let other:
                return .failure(CommandFailure("invalid value '\(other ?? "")' (expected on or off)"))
            }
        }
    }

    private static let source = CommandSpec(
        name: "source", group: .shell, summary: "Run the commands in a file, as a script",
        arguments: [ArgumentSpec(name: "FILE", completion: .file)], examples: ["source Docs/examples/setup.strata"]
    ) { _, arguments in
        .success(.runScript(arguments.value("FILE") ?? ""))
    }

    private static let quit = CommandSpec(
        name: "quit", aliases: ["exit"], group: .shell, summary: "Leave the REPL", examples: ["quit"]
    ) { _, _ in
        .success(.quit)
    }
}
