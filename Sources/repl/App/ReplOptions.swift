public import ArgumentParser
import Foundation
import Logging
import ShellKit
import StrataData

/// The REPL's command-line flags.
struct ReplOptions: ParsableCommand {
    /// The version `--version` prints.
    static let version = "0.1.0"

    /// The command's name, abstract and version for `--help`.
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "Strata's shell: exercise the sample app's use cases from a terminal or a script.",
        discussion: """
            On a terminal the shell edits lines with history and Tab completion. With standard input \
            from a pipe or file, with -c COMMAND or with --script FILE it runs in batch mode: no \
            prompt, each failing line reported as 'error: line N: ...' on stderr (with --format json, \
            as {"error":{"line":N,"message":"..."}}), exit status 1 if any line failed.
            """,
        version: version
    )

    @Option(help: "How output is printed: table, json or plain.")
    var format: OutputFormat = .table

    @Option(
        help:
            "Colour output: auto (when stdout is a terminal, NO_COLOR is empty and TERM is not dumb), always or never.")
    var color: ColorChoice = .auto

    @Flag(help: "Print the prompt and each input line before its output (for transcripts).")
    var echo = false

    @Flag(help: "In batch mode, stop at the first failing line.")
    var bail = false

    @Option(help: "Run the commands in this file with the batch-mode rules, then exit.")
    var script: String?

    @Option(
        name: .customShort("c"),
        help: "Run this command, then exit (repeatable: in order, with the batch-mode rules and exit status).")
    var commands: [String] = []

    @Flag(help: "Print every view-model state transition as it happens.")
    var traceStates = false

    @Flag(help: "Pin the clock to a fixed date so output is the same on every run.")
    var deterministic = false

    @Option(
        help: """
            The folder the app keeps its files in (default: the configuration's container.folder under \
            $XDG_DATA_HOME or ~/.local/share: strata for dev, strata-release for release).
            """)
    var home: String?

    @Option(help: "Use the API server at this URL instead of starting the embedded demo server.")
    var remote: String?

    @Option(
        name: .customLong("admin-token"),
        help: """
            The admin token of the server --remote names, for the server commands (default: \
            $STRATA_ADMIN_TOKEN, else the one strata-server keeps in its default data folder).
            """)
    var adminToken: String?

    @Option(
        name: .customLong("server-data"),
        help: """
            The embedded demo server's data folder (default: $XDG_DATA_HOME/strata-server or \
            ~/.local/share/strata-server, shared by every --home of the account).
            """)
    var serverData: String?

    @Option(
        name: .customLong("allow-http"), help: "Allow plain HTTP to this host (repeatable); loopback is always allowed."
    )
    var allowHTTP: [String] = []

    @Option(help: "Seconds one operation may take, retries included (default: the configuration's http.timeout).")
    var timeout: Double?

    @Option(help: "Where the code runs, which sizes the memory caches: app, or extension (about 1/8 of the app's).")
    var context: RunContext = .app

    @Option(
        help: """
            The lowest log level written to stderr: trace, debug, info, notice, warning, error, critical \
            (default: the configuration's log.level).
            """)
    var logLevel: String?

    @Option(
        help: """
            The build configuration: dev (the default: embedded server), staging or release (production \
            transport rules); see Docs/Configurations.md.
            """)
    var config: String = "dev"

    @Option(
        name: .customLong("server-sign-in"),
        help: "Whether the embedded demo server wants a signed-in user for writes: required or open.")
    var serverSignIn: String?

    @Option(
        name: .customLong("live-updates"),
        help: "Whether the app follows the server's live socket while on screen: on (the default) or off.")
    var liveUpdates: String?

    @Option(
        name: .customLong("push-registration"),
        help: "Whether the app sends its push token to the server after launch: on (the default) or off.")
    var pushRegistration: String?

    @Option(
        name: .customLong("discard-scene"),
        help: "Act as if the user closed this scene session while Strata was not running (repeatable)."
    )
    var discardScenes: [String] = []

    /// Creates options with every default.
    init() {}

    /// Rejects values the parser cannot check by type.
    func validate() throws {
        if let logLevel, Logger.Level(rawValue: logLevel) == nil {
            throw ValidationError("invalid log level '\(logLevel)'")
        }
        if let timeout, timeout <= 0 || timeout > 600 {
            throw ValidationError("--timeout must be between 0 and 600 seconds")
        }
        if !commands.isEmpty && script != nil {
            throw ValidationError("-c and --script cannot be combined: put the commands in the script")
        }
        // An empty folder path would put the app's files in the current directory.
        if home == "" { throw ValidationError("--home needs a folder path") }
        if serverData == "" { throw ValidationError("--server-data needs a folder path") }
        if remote != nil && serverData != nil {
            throw ValidationError("--server-data is for the embedded server; it cannot go with --remote")
        }
        if let remote, AppConfiguration.serverRoot(remote) == nil {
            throw ValidationError(
                "--remote needs an absolute http or https URL (a port from 1 to 65535; no user, query or fragment), "
                    + "got '\(remote)'")
        }
    }
}

extension OutputFormat: ExpressibleByArgument {}

extension ColorChoice: ExpressibleByArgument {}

/// Where the shell runs, as iOS tells an app from its extensions: it sizes the memory caches.
enum RunContext: String, ExpressibleByArgument, CaseIterable {
    /// The app itself.
    case app
    /// An app extension (a widget, a share sheet): a far smaller memory budget.
    case `extension`

    /// The memory tier's limits for this context, from the app's.
    func memoryLimits(app: MemoryCacheLimits) -> MemoryCacheLimits {
        app.scaled(to: self == .app ? .mainApp : .appExtension)
    }
}

extension ReplOptions {
    /// The values the flags give the configuration (`nil` where a flag was not used).
    var configurationFlags: AppConfiguration.Flags {
        AppConfiguration.Flags(
            remote: remote, allowHTTP: allowHTTP, timeout: timeout, logLevel: logLevel, serverSignIn: serverSignIn,
            liveUpdates: liveUpdates, pushRegistration: pushRegistration)
    }
}
