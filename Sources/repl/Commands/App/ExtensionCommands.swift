import Foundation
import ShellKit
import Signals

/// `app extension 'LINE'`, which runs a command line in the app's extension.
///
/// The extension is a second process of the app on the same home, with an extension's memory
/// budget, as a share sheet or a widget runs beside the app. The app hears its writes through the
/// cross-process signal.
enum ExtensionCommands {
    /// Every extension command.
    static var all: [Command] { [run] }
}

// MARK: - Private

extension ExtensionCommands {
    private static let run = Command(
        name: "app extension", group: .app,
        summary: "Run a command in the app's extension: another process on this home",
        arguments: [ArgumentSpec(name: "LINE")],
        examples: [#"app extension 'docs edit 1 --title "Shared from the extension"'"#], run: runLine)

    private static func runLine(_ context: CommandContext, _ arguments: ParsedArguments) async throws(CommandFailure)
        -> CommandOutput
    {
        let line = arguments.value("LINE") ?? ""
        guard !line.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw CommandFailure("expected a command line, in quotes: app extension 'docs show 1'")
        }
        // As on iOS, only the app starts its extensions.
        guard context.runContext == .app else { throw CommandFailure("an extension cannot start an extension") }
        let heardBefore = context.crossProcess?.heard ?? 0
        let outcome: (status: Int32, output: String)
        do {
            outcome = try await spawn(line, home: context.home, server: context.baseURL)
        } catch {
            throw CommandFailure("cannot start the extension: \(error.localizedDescription)")
        }
        // Its writes reach this process through the signal within moments: wait for it (a second
        // at most, for a line that wrote nothing), so the next command here already sees them.
        let deadline = ContinuousClock.now + .seconds(1)
        while (context.crossProcess?.heard ?? 0) == heardBefore, ContinuousClock.now < deadline {
            try? await context.clock.sleep(for: .milliseconds(5))
        }
        let heard = (context.crossProcess?.heard ?? 0) > heardBefore
        var text = outcome.output.trimmingCharacters(in: .newlines)
        // A line the extension refused fails here too, so a script sees it; its one line of error
        // is the reason (the extension ran one line: "line 1: " says nothing).
        guard outcome.status == 0 else {
            let refusal = text.split(separator: "\n").first { $0.hasPrefix("error: ") }
                .map { $0.dropFirst("error: ".count) }
                .map { $0.hasPrefix("line 1: ") ? String($0.dropFirst("line 1: ".count)) : String($0) }
            throw CommandFailure(
                "the extension exited with status \(outcome.status): \(refusal ?? "it printed no error")")
        }
        text += "\n(extension exited with status \(outcome.status)"
        text += heard ? "; the app heard its writes)" : ")"
        return .message(text)
    }

    /// Runs this executable on the app's home against the app's server, with `line` as its input.
    nonisolated private static func spawn(_ line: String, home: URL, server: URL) async throws -> (Int32, String) {
        var environment = ProcessInfo.processInfo.environment
        environment["STRATA_LIVE_UPDATES"] = "off"  // an extension holds no socket
        environment["STRATA_PUSH_REGISTRATION"] = "off"  // the app registers the token
        let (status, output) = try await ChildProcess.run(
            URL(fileURLWithPath: CommandLine.arguments[0]),
            arguments: ["--context", "extension", "--home", home.path, "--remote", server.absoluteString],
            environment: environment, input: line + "\n", mergingErrors: true)
        return (status, String(decoding: output, as: UTF8.self))
    }
}
