import Foundation
import Logging

/// The read–evaluate–print loop: reads lines, runs commands, prints output and errors, and
/// keeps the batch-mode exit status.
public final class Shell<Context: ShellContext> {
    /// How the session reports and stops.
    public struct Settings {
        /// Whether a person is typing (prompt, banner, no line numbers in errors).
        public var isInteractive: Bool
        /// Whether each input line is printed after the prompt before its output.
        public var echo: Bool
        /// Whether the first failing line ends a batch run.
        public var bail: Bool
        /// The line printed when an interactive session starts.
        public var banner: String

        /// Settings for one session.
        public init(isInteractive: Bool, echo: Bool, bail: Bool, banner: String) {
            self.isInteractive = isInteractive
            self.echo = echo
            self.bail = bail
            self.banner = banner
        }
    }

    private let context: Context
    private let console: Console
    private let settings: Settings
    private let logger = Logger(label: "strata.repl.shell")
    private var lineNumber = 0
    /// The line the entry being run starts on, for error messages.
    private var entryLine = 0
    private var anyLineFailed = false
    /// The script files being run, innermost last, with the line each is at.
    private var scripts: [(name: String, line: Int)] = []

    /// Creates a shell over a command context.
    public init(context: Context, console: Console, settings: Settings) {
        self.context = context
        self.console = console
        self.settings = settings
    }

    deinit {
        logger.debug("deinit Shell")
    }

    /// Runs the commands of a script file (`--script FILE`) and returns the batch-mode exit status.
    public func runScriptFile(_ path: String) async -> Int32 {
        _ = await runScript(path)
        return anyLineFailed ? 1 : 0
    }

    /// Runs `commands` as a batch (`repl -c 'docs list' -c 'docs show 1'`), one line each (a
    /// command holding newlines is one line per newline, as in a script), and returns the
    /// batch-mode exit status; a line that cannot be a command is reported under its number.
    public func runCommands(_ commands: [String]) async -> Int32 {
        var reader = ScriptLineReader(
            lines: commands.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }.map {
                LineRules.decode(Array($0.utf8))
            })
        return await run(reader: &reader)
    }

    /// Runs until input ends, `quit`, or (with `--bail`) the first failure; returns the exit status.
    public func run(reader: inout some LineReader) async -> Int32 {
        if settings.isInteractive {
            console.out(settings.banner)
        }
        let continuation = settings.isInteractive ? EntryReader.continuationPrompt : ""
        loop: while true {
            var lines = 0
            let input = EntryReader.next(
                from: &reader, prompt: settings.isInteractive ? context.prompt : "", continuationPrompt: continuation,
                lineCount: &lines)
            entryLine = lineNumber + 1
            lineNumber += lines
            switch input {
            case .end:
                break loop
            case .interrupted:
                continue loop
            case .rejected(let reason):
                report(reason)
            case .entry(let entry):
                if !isSensitive(entry.text) { reader.remember(entry.text) }
                let secret = nextLineIfAsked(by: entry.text, from: &reader)
                if secret != nil { lineNumber += 1 }
                if await handle(entry, nextLine: secret) == .quit { break loop }
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

    private static var maxScriptDepth: Int { 8 }

    private func handle(_ entry: Entry, nextLine: String? = nil) async -> Step {
        let trimmed = entry.text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .proceed }
        if settings.echo { echo(entry) }
        if trimmed.hasPrefix("#") { return .proceed }
        let result: Result<CommandOutput, CommandFailure>
        let clock = ContinuousClock()
        let started = clock.now
        if settings.isInteractive {
            guard let finished = await Interrupts.runCancellable({ await self.execute(entry.text, nextLine: nextLine) })
            else {
                console.err(context.styling.warning("cancelled"))
                return .proceed
            }
            result = finished
        } else {
            result = await execute(entry.text, nextLine: nextLine)
        }
        defer { if context.timer { reportTime(clock.now - started) } }
        switch result {
        case .failure(let failure):
            report(failure.message)
        case .success(.quit):
            return .quit
        case .success(.runScript(let path)):
            return await runScript(path)
        case .success(let output):
            let renderer = OutputRenderer(format: context.format, styling: context.styling)
            if let rendered = renderer.render(output) { console.out(rendered) }
        }
        await context.afterCommand()
        return .proceed
    }

    /// Prints the entry as typed: the prompt before its first line, `..> ` before the others.
    private func echo(_ entry: Entry) {
        // Lines from a sourced script echo after the script's name, so they never read as typed.
        let prompt = scripts.last.map { URL(fileURLWithPath: $0.name).lastPathComponent + "> " } ?? context.prompt
        for (index, line) in entry.typedLines.enumerated() {
            console.out((index == 0 ? prompt : EntryReader.continuationPrompt) + line)
        }
    }

    private func execute(_ text: String, nextLine: String?) async -> Result<CommandOutput, CommandFailure> {
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
            case .success(var parsed):
                parsed.nextLine = nextLine
                do {
                    let context = self.context
                    return .success(
                        try await context.perform { () async throws(CommandFailure) in
                            try await spec.run(context, parsed)
                        })
                } catch {
                    return .failure(error)
                }
            }
        }
    }

    /// Runs each line of a script file with the batch-mode rules; errors name the file and line.
    private func runScript(_ path: String) async -> Step {
        guard scripts.count < Self.maxScriptDepth else {
            report("scripts nest deeper than \(Self.maxScriptDepth) levels (does '\(path)' source itself?)")
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
        var reader = ScriptLineReader(lines: lines)
        var consumed = 0
        while true {
            var count = 0
            let input = EntryReader.next(from: &reader, prompt: "", continuationPrompt: "", lineCount: &count)
            scripts[scripts.count - 1].line = consumed + 1
            consumed += count
            switch input {
            case .end, .interrupted: return .proceed
            case .rejected(let reason): report(reason)
            case .entry(let entry):
                let secret = nextLineIfAsked(by: entry.text, from: &reader)
                if secret != nil { consumed += 1 }
                if await handle(entry, nextLine: secret) == .quit { return .quit }
            }
            if anyLineFailed && settings.bail { return .proceed }
        }
    }

    /// The next raw input line when the entry's command was given its ``CommandSpec/nextLineFlag``;
    /// read without a prompt, never echoed, remembered or run (empty when input ended).
    ///
    /// A misspelt or misused flag (`--password-stdin=1`, `--password`) takes the line too: the
    /// command then fails, and the secret on that line is never run as a command nor shown in
    /// an error.
    private func nextLineIfAsked(by text: String, from reader: inout some LineReader) -> String? {
        guard case .success(let words) = Tokenizer.words(text),
            case .command(let spec, let arguments) = context.registry.lookup(words),
            let flag = spec.nextLineFlag, arguments.contains(where: { Self.mayMean(flag, $0) })
        else { return nil }
        if case .line(let line) = reader.readLine(prompt: "") { return line }
        return ""
    }

    /// Whether `word` names `flag`, even with a value or cut short (`--password` for
    /// `--password-stdin`).
    private static func mayMean(_ flag: String, _ word: String) -> Bool {
        guard word.hasPrefix("--") else { return false }
        let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
        return name.hasPrefix(flag) || (name.count > 3 && flag.hasPrefix(name))
    }

    /// Whether the line runs a command marked sensitive (its secrets stay out of the history).
    private func isSensitive(_ text: String) -> Bool {
        guard case .success(let words) = Tokenizer.words(text),
            case .command(let spec, _) = context.registry.lookup(words)
        else { return false }
        return spec.isSensitive
    }

    /// Prints a command's duration: `Time: ` and the milliseconds with three decimals, as psql
    /// prints it, or in `--format json` `{"timeMilliseconds":0.703}`, so every line is JSON.
    private func reportTime(_ duration: Duration) {
        let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        guard context.format != .json else {
            console.out(JSONOutput.encode(["timeMilliseconds": (milliseconds * 1000).rounded() / 1000]))
            return
        }
        console.out(
            context.styling.dim("Time: " + milliseconds.formatted(.number.precision(.fractionLength(3))) + " ms"))
    }

    private func report(_ message: String) {
        anyLineFailed = true
        let script = scripts.last
        // Line 0 is before the first line: `--script` naming a file that cannot be read.
        let line = script?.line ?? (settings.isInteractive || entryLine == 0 ? nil : entryLine)
        if context.format == .json {
            // A program reading JSON gets its errors as JSON too, on stderr as ever.
            console.err(JSONOutput.error(message, file: script?.name, line: line))
            return
        }
        let label = context.styling.error("error:")
        let place = [script?.name, line.map(String.init)].compactMap { $0 }.joined(separator: ":")
        let prefix = script == nil && line != nil ? "line \(place): " : place.isEmpty ? "" : "\(place): "
        console.err("\(label) \(prefix)\(TerminalText.oneLine(message))")
    }
}
