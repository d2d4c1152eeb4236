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
    /// The script files being run, innermost last, with the line each is at.
    private var scripts: [(name: String, line: Int)] = []

    /// Creates a shell over a command context.
    init(context: CommandContext, console: Console, settings: Settings) {
        self.context = context
        self.console = console
        self.settings = settings
    }

    deinit {
        logger.debug("deinit Shell")
    }

    /// Runs the commands of a script file (`--script FILE`) and returns the batch-mode exit status.
    func runScriptFile(_ path: String) async -> Int32 {
        _ = await runScript(path)
        return anyLineFailed ? 1 : 0
    }

    /// Runs until input ends, `quit`, or (with `--bail`) the first failure; returns the exit status.
    func run(reader: inout some LineReader) async -> Int32 {
        if settings.isInteractive {
            console.out("Strata \(ReplOptions.version). Type 'help' for commands, 'quit' to leave.")
        }
        loop: while true {
            let input = reader.readLine(prompt: settings.isInteractive ? context.prompt : "")
            lineNumber += 1
            switch input {
            case .end:
                break loop
            case .rejected(let reason):
                report(reason)
            case .line(let text):
                if !isSensitive(text) { reader.remember(text) }
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

    private enum Constants {
        static let maxScriptDepth = 8
    }

    private func handle(_ text: String) async -> Step {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .proceed }
        if settings.echo { console.out(context.prompt + text) }
        if trimmed.hasPrefix("#") { return .proceed }
        switch await execute(text) {
        case .failure(let failure):
            report(failure.message)
        case .success(.quit):
            return .quit
        case .success(.runScript(let path)):
            return await runScript(path)
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

    /// Runs each line of a script file with the batch-mode rules; errors name the file and line.
    private func runScript(_ path: String) async -> Step {
        guard scripts.count < Constants.maxScriptDepth else {
            report("scripts nest deeper than \(Constants.maxScriptDepth) levels (does '\(path)' source itself?)")
            return .proceed
        }
        let lines: [LineInput]
        switch ScriptFile.read(path) {
        case .failure(let failure):
            report(failure.message)
            return .proceed
        case .success(let read): lines = read
        }
        scripts.append((name: path, line: 0))
        defer { scripts.removeLast() }
        for input in lines {
            scripts[scripts.count - 1].line += 1
            switch input {
            case .end: return .proceed
            case .rejected(let reason): report(reason)
            case .line(let text): if await handle(text) == .quit { return .quit }
            }
            if anyLineFailed && settings.bail { return .proceed }
        }
        return .proceed
    }

    /// Whether the line runs a command marked sensitive (its secrets stay out of the history).
    private func isSensitive(_ text: String) -> Bool {
        guard case .success(let words) = Tokenizer.words(text),
            case .command(let spec, _) = context.registry.lookup(words)
        else { return false }
        return spec.isSensitive
    }

    private func report(_ message: String) {
        anyLineFailed = true
        if let script = scripts.last {
            console.err("error: \(script.name):\(script.line): \(message)")
        } else {
            console.err(settings.isInteractive ? "error: \(message)" : "error: line \(lineNumber): \(message)")
        }
    }
}
