import ArgumentParser
import DemoBackend
import Domain
import Foundation
import Logging
import Platform
import Presentation
import Scenes
import ShellKit
import StrataData
import Synchronization

/// The executable's entry point: parses flags, wires the app and runs the shell.
@main
enum ReplApp {
    /// Runs the REPL and exits with its status.
    static func main() async {
        signal(SIGPIPE, SIG_IGN)
        let console = Console.current()
        let options: ReplOptions
        switch parseOptions() {
        case .success(let parsed): options = parsed
        case .failure(let exit):
            (exit.status == 0 ? console.out : console.err)(exit.message)
            Foundation.exit(exit.status)
        }
        let configuration: AppConfiguration
        do {
            configuration = try await AppConfiguration.load(name: options.config, flags: options.configurationFlags)
        } catch {
            console.err(errorLine("configuration: \(error.message)", format: options.format))
            Foundation.exit(Constants.startupFailure)
        }
        bootstrapLogging(level: configuration.logLevel)
        switch await CompositionRoot.start(options: options, configuration: configuration) {
        case .failure(let failure):
            console.err(errorLine(failure.message, format: options.format))
            Foundation.exit(Constants.startupFailure)
        case .success(let app):
            app.lifecycle.post(.didFinishLaunching)
            let launch = await app.scenes.launch(discarding: options.discardScenes)
            app.lifecycle.post(.didBecomeActive)
            await app.readiness.register("report discarded scene sessions", at: .uiReady) {
                for identifier in launch.discarded {
                    let sentence = "Discarded scene session \(identifier): it was closed while Strata was not running."
                    console.out(
                        options.format == .json
                            ? JSONOutput.encode(
                                CommandContext.Notice.saying("scene-discarded", sentence))
                            : sentence)
                }
            }
            await app.readiness.register("follow data changes", at: .uiReady) {
                app.sceneSync.start()
                app.crossProcess?.start()
                await app.live?.start()
            }
            for warning in app.launchWarnings + launch.warnings { console.err("warning: \(warning)") }
            await app.readiness.reach(.uiReady)  // the prompt shows only now
            let status = await runShell(app: app, options: options, console: console)
            do {
                try app.transitions.terminate()  // nothing more when `app terminate` ended the session
            } catch {
                console.err(errorLine(error.localizedDescription, format: options.format))
            }
            await app.live?.stop()
            await stopWithin(.seconds(2), app.backend)
            Foundation.exit(status)
        }
    }
}

// MARK: - Private

extension ReplApp {
    private enum Constants {
        static let usageError: Int32 = 2
        static let startupFailure: Int32 = 1
    }

    private struct EarlyExit: Error {
        let message: String
        let status: Int32
    }

    /// Stops the embedded server, waiting for it at most `limit`: the server waits for its open
    /// connections, and the process ends anyway (under load a Ctrl-D exit could otherwise hang).
    private static func stopWithin(_ limit: Duration, _ backend: DemoBackend?) async {
        guard let backend else { return }
        let stopped = Stopped()
        Task {
            await backend.stop()
            stopped.done.withLock { $0 = true }
        }
        let deadline = ContinuousClock.now + limit
        while !stopped.done.withLock({ $0 }), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// A failure outside a command (at launch, at termination), in the chosen format.
    private static func errorLine(_ message: String, format: OutputFormat) -> String {
        format == .json ? JSONOutput.error(message, file: nil, line: nil) : "error: \(message)"
    }

    private static func parseOptions() -> Result<ReplOptions, EarlyExit> {
        do {
            return .success(try ReplOptions.parse(Array(CommandLine.arguments.dropFirst())))
        } catch {
            let message = ReplOptions.fullMessage(for: error)
            let succeeded = ReplOptions.exitCode(for: error) == .success
            return .failure(EarlyExit(message: message, status: succeeded ? 0 : Constants.usageError))
        }
    }

    private static func bootstrapLogging(level: Logger.Level) {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }

    private static func runShell(app: CompositionRoot.App, options: ReplOptions, console: Console) async -> Int32 {
        let registry = CommandRegistry.strata
        let context = CommandContext(app: app, registry: registry, format: options.format, console: console)
        context.traceStates = options.traceStates
        context.styling = Styling.resolve(
            options.color, stdoutIsTerminal: console.outputIsTerminal, environment: ProcessInfo.processInfo.environment)
        let interactive =
            console.inputIsTerminal && console.outputIsTerminal && options.script == nil && options.commands.isEmpty
        let settings = Shell<CommandContext>.Settings(
            isInteractive: interactive, echo: options.echo, bail: options.bail,
            banner: "Strata \(ReplOptions.version). Type 'help' for commands, 'quit' to leave.")
        let shell = Shell(context: context, console: console, settings: settings)
        if let script = options.script { return await shell.runScriptFile(script) }
        if !options.commands.isEmpty { return await shell.runCommands(options.commands) }
        let historyFile = app.preferences.appendingPathComponent("history")
        if interactive { Interrupts.install() }
        let providers = CompletionProviders(
            documentIDs: { app.database.knownDocumentIDs() }, userIDs: { app.database.knownUserIDs() },
            sceneIDs: { app.scenes.openSessions.map(\.persistentIdentifier) },
            editorFields: { EditorCommands.fieldNames(in: app.scenes.activeSession?.scene?.delegate) },
            settingKeys: { ((try? app.settings.all()) ?? [:]).keys.sorted() },
            collections: { [QueuedChange.documents] + app.features.lists.keys.sorted() })
        let sources = providers.bySource.merging(FeatureModule.completions(database: app.database)) { own, _ in own }
        let completer = Completer(registry: registry, sources: sources)
        if interactive, var reader = EditLineReader(complete: completer.complete, historyFile: historyFile) {
            return await shell.run(reader: &reader)
        }
        var reader = StreamLineReader()
        return await shell.run(reader: &reader)
    }
}

/// Whether the embedded server has stopped, for the exit that waits for it a while.
private final class Stopped: Sendable {
    let done = Mutex(false)
}
