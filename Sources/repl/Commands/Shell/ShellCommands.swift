import ShellKit

extension CommandGroup {
    /// The shell itself.
    static let shell = CommandGroup("Shell")
}

/// The commands of the shell itself.
enum ShellCommands {
    /// Every shell command, in help order.
    static var all: [Command] { [help, format, trace, timer, source, quit] }
}

// MARK: - Private

extension ShellCommands {
    private static let help = Command(
        name: "help", group: .shell, summary: "List commands, or show how to use one",
        arguments: [ArgumentSpec(name: "COMMAND", isOptional: true, takesRest: true)],
        examples: ["help", "help docs new"]
    ) { context, arguments throws(CommandFailure) in
        try HelpPages.page(for: arguments.value("COMMAND"), in: context.registry)
    }

    private static let format = Command(
        name: "format", group: .shell, summary: "Choose how output is printed",
        arguments: [ArgumentSpec(name: "FORMAT", completion: .values(OutputFormat.allCases.map(\.rawValue)))],
        examples: ["format json"]
    ) { context, arguments throws(CommandFailure) in
        let format = try arguments.choice("FORMAT", as: OutputFormat.self, label: "format")
        context.format = format
        return .message("Output format: \(format.rawValue)")
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
    ) -> Command {
        Command(
            name: name, group: .shell, summary: summary,
            arguments: [ArgumentSpec(name: "on|off", completion: Switch.completion)], examples: [example]
        ) { context, arguments throws(CommandFailure) in
            let isOn = try arguments.choice("on|off", as: Switch.self, label: "value").isOn
            context[keyPath: setting] = isOn
            return .message(isOn ? messages.on : messages.off)
        }
    }

    private static let source = Command(
        name: "source", group: .shell, summary: "Run the commands in a file, as a script",
        arguments: [ArgumentSpec(name: "FILE", completion: .file)], examples: ["source Docs/examples/setup.strata"]
    ) { _, arguments throws(CommandFailure) in
        .runScript(arguments.value("FILE") ?? "")
    }

    private static let quit = Command(
        name: "quit", aliases: ["exit"], group: .shell, summary: "Leave the REPL", examples: ["quit"]
    ) { _, _ throws(CommandFailure) in
        .quit
    }
}
