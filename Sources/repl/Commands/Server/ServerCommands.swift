import DemoBackend
import Domain
import Foundation
import Presentation
import ShellKit

extension CommandGroup {
    /// The embedded demo server and its faults.
    static let server = CommandGroup("Demo server")
}

/// The `server` commands: drive the demo server's faults and data, the embedded one's or, with
/// `--remote`, a standalone one's through its admin routes.
enum ServerCommands {
    /// Every `server` command, in help order.
    static var all: [Command] {
        [status, fault, latency, malformed, drop, trickle, down, up, edit, endSessions, reset]
    }
}

// MARK: - Private

extension ServerCommands {
    private struct StatusJSON: Encodable {
        let running: Bool
        let url: String?
        let requests: Int
        let latencyMs: Int
        let pendingFaults: Int
        let pendingMalformed: Int
        let pendingDropped: Int
        let pendingTrickled: Int
        let documents: Int
    }

    /// The embedded server, or the failure of a command only it can do when the REPL talks to a
    /// remote one.
    private static func backend(_ context: CommandContext, _ command: String) throws(CommandFailure) -> DemoBackend {
        guard let backend = context.backend else {
            throw CommandFailure(
                "\(command) needs the embedded server; this session uses --remote (stop a standalone server with Ctrl-C)"
            )
        }
        return backend
    }

    /// Runs a control request, turning its failure into the command's.
    static func control<Value>(
        _ context: CommandContext, _ request: (any DemoServerControls) async throws(DemoBackendError) -> Value
    ) async throws(CommandFailure) -> Value {
        do {
            return try await request(context.serverControls)
        } catch {
            throw CommandFailure(error.description)
        }
    }

    private static let status = Command(
        name: "server status", group: .server, summary: "Show the server's state and pending faults",
        examples: ["server status"],
        run: runStatus
    )

    private static let down = Command(
        name: "server down", group: .server, summary: "Stop the embedded server (connections are refused)",
        examples: ["server down"],
        run: runDown
    )

    private static let up = Command(
        name: "server up", group: .server, summary: "Start the embedded server again on the same port",
        examples: ["server up"],
        run: runUp
    )

    private static let reset = Command(
        name: "server reset", group: .server, summary: "Clear faults and counters and restore the sample data",
        examples: ["server reset"],
        run: runReset
    )

    private static let endSessions = Command(
        name: "server end-sessions", group: .server, summary: "End every session, as expiry would",
        examples: ["server end-sessions"],
        run: runEndSessions
    )

    private static let edit = Command(
        name: "server edit", group: .server, summary: "Change a document or an item as another device would",
        arguments: [
            ArgumentSpec(
                name: "ID",
                completion: .namedByFlag(
                    "--collection", prefix: CompletionSource.itemsPrefix, otherwise: .source(.documentID)))
        ],
        flags: [
            FlagSpec(name: "--body", valueName: "TEXT", help: "A document's new body"),
            FlagSpec(
                name: "--fields", valueName: "JSON",
                help: #"The fields to change, named as the API names them: {"title":"New title"}"#),
            FlagSpec(name: "--collection", valueName: "NAME", help: "documents (the default) or a feature's collection")
                .completing(.source(.collection)),
        ],
        examples: [
            #"server edit 2 --body "edited elsewhere""#, #"server edit 2 --fields '{"title":"Renamed elsewhere"}'"#,
        ],
        run: runEdit
    )

    private static func runStatus(_ context: CommandContext, _ arguments: ParsedArguments) async throws(CommandFailure)
        -> CommandOutput
    {
        let status = try await control(context) { controls throws(DemoBackendError) in try await controls.status() }
        let state = status.isRunning ? "running" : "down"
        var rows = [
            ["state", state], ["url", status.baseURL?.absoluteString ?? "-"], ["requests", String(status.requests)],
            ["latency", "\(status.latencyMilliseconds) ms"],
            [
                "pending",
                "\(status.pendingStatusFaults) status, \(status.pendingMalformed) malformed, \(status.pendingDropped) dropped",
            ],
            ["documents", String(status.documents)],
        ]
        rows[4][1] += status.pendingTrickled > 0 ? ", \(status.pendingTrickled) trickled" : ""
        let json = StatusJSON(
            running: status.isRunning, url: status.baseURL?.absoluteString, requests: status.requests,
            latencyMs: status.latencyMilliseconds, pendingFaults: status.pendingStatusFaults,
            pendingMalformed: status.pendingMalformed, pendingDropped: status.pendingDropped,
            pendingTrickled: status.pendingTrickled, documents: status.documents
        )
        return .rendered(
            table: TextTable.render(rows: rows),
            plain: rows.map { $0.joined(separator: "\t") }.joined(separator: "\n"),
            json: JSONOutput.encode(json))
    }

    private static func runDown(_ context: CommandContext, _ arguments: ParsedArguments) async throws(CommandFailure)
        -> CommandOutput
    {
        let backend = try backend(context, "server down")
        await backend.stop()
        return .message("The demo server is down.")
    }

    private static func runUp(_ context: CommandContext, _ arguments: ParsedArguments) async throws(CommandFailure)
        -> CommandOutput
    {
        let backend = try backend(context, "server up")
        do {
            try await backend.start()
            return .message("The demo server is up.")
        } catch {
            throw CommandFailure("cannot start the demo server: \(error)")
        }
    }

    private static func runEdit(_ context: CommandContext, _ arguments: ParsedArguments) async throws(CommandFailure)
        -> CommandOutput
    {
        let id = try arguments.id()
        let collection = arguments.flag("--collection") ?? QueuedChange.documents
        let noun: (one: String, title: String)
        if collection == QueuedChange.documents {
            noun = ("document", "Document")
        } else if let source = context.features.lists[collection] {
            noun = (source.noun, source.capitalizedNoun)
        } else {
            throw .unknownCollection(collection)
        }
        let fields: String
        switch (arguments.flag("--body"), arguments.flag("--fields")) {
        case (let body?, nil):
            guard collection == QueuedChange.documents else {
                throw CommandFailure("--body is a document's: give the fields to change with --fields JSON")
            }
            fields = JSONOutput.encode(["body": body])
        case (nil, let json?): fields = json
        case (nil, nil): throw CommandFailure("missing --body TEXT or --fields JSON")
        case (.some, .some): throw CommandFailure("give --body or --fields, not both")
        }
        do {
            try await context.serverControls.editElsewhere(collection, id: id, fields: fields)
        } catch .rejected(404, let reason) {
            // The server says what it lacks: the item, or the whole collection (a server older than
            // the app), which the app cannot tell apart by the status alone.
            throw CommandFailure("the server cannot change \(noun.one) \(id): \(reason)")
        } catch {
            throw CommandFailure(error.description)
        }
        return .message("\(noun.title) \(id) was changed on the server.")
    }

    private static func runEndSessions(
        _ context: CommandContext, _ arguments: ParsedArguments
    ) async throws(CommandFailure) -> CommandOutput {
        try await control(context) { controls throws(DemoBackendError) in try await controls.revokeAllSessions() }
        return .message("Every session on the demo server has ended.")
    }

    private static func runReset(_ context: CommandContext, _ arguments: ParsedArguments) async throws(CommandFailure)
        -> CommandOutput
    {
        try await control(context) { controls throws(DemoBackendError) in try await controls.reset() }
        return .message("The demo server is reset.")
    }
}
