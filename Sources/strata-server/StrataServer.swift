public import ArgumentParser
import DemoBackend
import Dispatch
import Foundation
import Logging

/// `strata-server`: the demo API server on its own, so several shells (with different
/// `--home` folders) are several devices of one account talking to one server.
@main
struct StrataServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata-server",
        abstract: "Strata's demo API server: persistent, shared by every shell pointed at it with --remote.",
        discussion: """
            Serves Docs/openapi.yaml on 127.0.0.1 from a SQLite database in its data folder, which it \
            holds alone: a second server on the same folder is refused. Logs go to stderr; SIGINT or \
            SIGTERM stops it cleanly. Faults are injected with a shell's `server …` commands \
            (repl --remote URL) or the /_admin routes.
            """
    )

    @Option(help: "The TCP port on 127.0.0.1 (0 picks a free one).")
    var port: UInt16 = 8080

    @Option(help: "The data folder (default: $XDG_DATA_HOME/strata-server or ~/.local/share/strata-server).")
    var data: String?

    @Option(help: "The lowest log level written to stderr: trace, debug, info, notice, warning, error, critical.")
    var logLevel: String = "info"

    @Flag(help: "Send opaque entity tags instead of readable ones, as many real servers do.")
    var opaqueValidators = false

    @Option(help: "Whether writes need a signed-in session: required (the default) or open.")
    var signIn: DemoBackend.SignInPolicy = .required

    func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("invalid log level '\(logLevel)'") }
    }

    func run() async throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "strata.server")
        let folder = data.map { URL(fileURLWithPath: $0) } ?? DemoBackend.defaultDataFolder()
        let backend: DemoBackend
        let url: URL
        do {
            backend = try DemoBackend(
                data: folder, sharing: .exclusive, port: port, validators: opaqueValidators ? .opaque : .readable,
                signIn: signIn)
            url = try await backend.start()
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode.failure
        }
        logger.notice("listening on \(url.absoluteString) with data in \(folder.path)")
        let signal = await Self.firstSignal([SIGINT, SIGTERM])
        logger.notice("stopping on signal \(signal)")
        await backend.stop()
    }

    /// Waits for the first of `signals` (they no longer end the process by default).
    private static func firstSignal(_ signals: [Int32]) async -> Int32 {
        await withCheckedContinuation { continuation in
            let queue = DispatchQueue(label: "strata.server.signals")
            let sources = signals.map { number in
                Foundation.signal(number, SIG_IGN)
                return DispatchSource.makeSignalSource(signal: number, queue: queue)
            }
            var resumed = false
            for (source, number) in zip(sources, signals) {
                source.setEventHandler {
                    guard !resumed else { return }
                    resumed = true
                    for source in sources { source.cancel() }
                    continuation.resume(returning: number)
                }
                source.resume()
            }
        }
    }
}

extension DemoBackend.SignInPolicy: ExpressibleByArgument {}
