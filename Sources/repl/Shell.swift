import Foundation
import Logging

/// The read–evaluate–print loop: reads lines, runs commands, prints output and errors, and
/// keeps the batch-mode exit status.
final class Shell {
    /// How the session reports and stops.
    struct Settings {
        /// Whether a person is typing (prompt, banner, no line numbers in errors).
        var isInteractive: Bool
        /// Whether each input line is printed after the prompt before its output.
        var echo: Bool
        /// Whether the first failing line ends a batch run.
        var bail: Bool
    }

    private let context: CommandContext
    private let console: Console
    private let settings: Settings
    private let logger = Logger(label: "strata.repl.shell")
    private var lineNumber = 0
    private var anyLineFailed = false

    /// The prompt shown before each line.
    static let prompt = "strata> "

    /// Creates a shell over a command context.
    init(context: CommandContext, console: Console, settings: Settings) {
        self.context = context
        self.console = console
        self.settings = settings
    }

    deinit {
        logger.debug("deinit Shell")
    }

    /// Runs until input ends, `quit`, or (with `--bail`) the first failure; returns the exit status.
    func run(reader: inout some LineReader) async -> Int32 {
        if settings.isInteractive {
            console.out("Strata \(ReplOptions.version). Type 'help' for commands, 'quit' to leave.")
        }
        loop: while true {
            let input = reader.readLine(prompt: settings.isInteractive ? Self.prompt : "")
            lineNumber += 1
            switch input {
            case .end:
                break loop
            case .rejected(let reason):
                report(reason)
            case .line(let text):
                if await handle(text) == .quit { break loop }
            }
            if anyLineFailed && settings.bail && !settings.isInteractive { break loop }
        }
        return settings.isInteractive || !anyLineFailed ? 0 : 1
    }
}

// MARK: - Private

extension Shell {
    private enum Step {
        case proceed, quit
    }

    private func handle(_ text: String) async -> Step {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .proceed }
        if settings.echo { console.out(Self.prompt + text) }
        if trimmed.hasPrefix("#") { return .proceed }
        switch await execute(text) {
        case .failure(let failure):
            report(failure.message)
        case .success(.quit):
            return .quit
        case .success(let output):
            if let rendered = OutputRenderer(format: context.format).render(output) { console.out(rendered) }
        }
        return .proceed
    }

    private func execute(_ text: String) async -> CommandResult {
        let words: [String]
        switch Tokenizer.words(text) {
        case .failure(let failure): return .failure(CommandFailure(failure.message))
        case .success(let value): words = value
        }
        switch context.registry.lookup(words) {
        case .unknown(let message):
            return .failure(CommandFailure(message))
        case .command(let spec, let arguments):
            switch ParsedArguments.parse(arguments, for: spec) {
            case .failure(let failure): return .failure(failure)
            case .success(let parsed): return await spec.run(context, parsed)
            }
        }
    }

    private func report(_ message: String) {
        anyLineFailed = true
        console.err(settings.isInteractive ? "error: \(message)" : "error: line \(lineNumber): \(message)")
    }
}
