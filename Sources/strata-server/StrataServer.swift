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

    @Option(
        help: """
            The token the /_admin routes ask for (default: a new random one). It is printed at start \
            and kept in the data folder's admin-token file (mode 0600), where a shell of the same \
            user finds it.
            """)
    var adminToken: String?

    @Option(help: "Seconds a sign-in session stays open (default: 30 days).")
    var sessionLifetime: Double = 30 * 86_400

    func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("invalid log level '\(logLevel)'") }
        // An empty path would keep the server's database in the current directory.
        if data == "" { throw ValidationError("--data needs a folder path") }
        if let adminToken, adminToken.count < 16 || adminToken.contains(where: { $0.isWhitespace }) {
            throw ValidationError("--admin-token needs at least 16 characters and no spaces")
        }
        guard sessionLifetime.isFinite, sessionLifetime > 0 else {
            throw ValidationError("--session-lifetime needs a positive number of seconds")
        }
    }

    func run() async throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "strata.server")
        // Caught before the server listens: a client may ask it to stop as soon as it answers, and
        // a signal that came before its handler was in place was lost (the server never stopped).
        let (signals, sources) = Self.catching([SIGINT, SIGTERM])
        let folder = data.map { URL(fileURLWithPath: $0) } ?? DemoBackend.defaultDataFolder()
        let backend: DemoBackend
        let url: URL
        do {
            backend = try DemoBackend(
                data: folder, sharing: .exclusive, port: port, validators: opaqueValidators ? .opaque : .readable,
                signIn: signIn, adminToken: adminToken, sessionLifetime: sessionLifetime)
            try await backend.storeAdminToken()
            url = try await backend.start()
        } catch {
            try? FileHandle.standardError.write(contentsOf: Data("error: \(error)\n".utf8))
            throw ExitCode.failure
        }
        logger.notice("listening on \(url.absoluteString) with data in \(folder.path)")
        logger.notice("admin token \(backend.adminToken) (also in \(folder.path)/admin-token)")
        var received = signals.makeAsyncIterator()
        let signal = await received.next() ?? SIGTERM
        withExtendedLifetime(sources) {}
        logger.notice("stopping on signal \(signal)")
        await backend.stop()
    }

    /// Catches `signals` from now on (they no longer end the process) and returns them as they
    /// come, with the sources that catch them (to keep while waiting): one that comes before
    /// anyone waits is kept.
    private static func catching(_ signals: [Int32]) -> (AsyncStream<Int32>, [any DispatchSourceSignal]) {
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self, bufferingPolicy: .bufferingOldest(1))
        let queue = DispatchQueue(label: "strata.server.signals")
        let sources = signals.map { number in
            Foundation.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
        return (stream, sources)
    }
}

extension DemoBackend.SignInPolicy: ExpressibleByArgument {}
