import DemoBackend
import ShellKit

/// The `server` commands that inject faults: a status instead of the answer, latency, and spoiled
/// bodies, for the next requests or for the next ones to one path.
extension ServerCommands {
    static let fault = Command(
        name: "server fault", group: .server, summary: "Answer the next requests with an HTTP error status",
        arguments: [ArgumentSpec(name: "STATUS")],
        flags: [
            countFlag,
            FlagSpec(name: "--retry-after", valueName: "S", help: "Send Retry-After: S (seconds or an HTTP date)"),
            pathFlag,
        ],
        examples: [
            "server fault 503 --count 2 --retry-after 1", "server fault 401", "server fault 500 --path /documents/2",
        ],
        run: runFault
    )

    static let latency = Command(
        name: "server latency", group: .server, summary: "Delay every response by MS milliseconds (0 to stop)",
        arguments: [ArgumentSpec(name: "MS")], examples: ["server latency 500", "server latency 0"],
        run: runLatency
    )

    static let malformed = Command(
        name: "server malformed", group: .server, summary: "Send a malformed JSON body in the next responses",
        flags: [countFlag, pathFlag], examples: ["server malformed --count 1"],
        run: runMalformed
    )

    static let drop = Command(
        name: "server drop", group: .server, summary: "Close the connection halfway through the next responses",
        flags: [countFlag, pathFlag], examples: ["server drop"],
        run: runDrop
    )

    static let trickle = Command(
        name: "server trickle", group: .server, summary: "Send the next responses' bodies a byte every 250 ms",
        flags: [countFlag, pathFlag], examples: ["server trickle", "server trickle --path /documents"],
        run: runTrickle
    )
}

// MARK: - Private

extension ServerCommands {
    private static let countFlag = FlagSpec(name: "--count", valueName: "N", help: "How many responses (default 1)")

    private static let pathFlag = FlagSpec(
        name: "--path", valueName: "PATH",
        help: "Only requests to PATH or under it, such as /documents (others the app makes pass untouched)")

    private static func count(_ arguments: ParsedArguments) throws(CommandFailure) -> Int {
        try arguments.number(flag: "--count", label: "count", in: 1...1000, fallback: 1)
    }

    /// The path the fault is aimed at, if the command names one.
    private static func path(_ arguments: ParsedArguments) throws(CommandFailure) -> RequestPath? {
        guard let text = arguments.flag("--path") else { return nil }
        do {
            return try RequestPath(text)
        } catch .rejected(_, let reason) {
            throw CommandFailure("--path: \(reason)")
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// "response", "2 responses", "response to /documents".
    private static func responses(_ count: Int, to path: RequestPath?) -> String {
        (count == 1 ? "response" : "\(count) responses") + (path.map { " to \($0)" } ?? "")
    }

    private static func runFault(_ context: CommandContext, _ arguments: ParsedArguments) async throws(CommandFailure)
        -> CommandOutput
    {
        let status = try arguments.number("STATUS", label: "status", in: 400...599)
        let count = try count(arguments)
        let retryAfter = arguments.flag("--retry-after")
        let path = try path(arguments)
        try await control(context) { controls throws(DemoBackendError) in
            try await controls.injectStatus(status, count: count, retryAfter: retryAfter, path: path)
        }
        let suffix = retryAfter.map { " with Retry-After: \($0)" } ?? ""
        return .message("The next \(responses(count, to: path)) will be \(status)\(suffix).")
    }

    private static func runLatency(_ context: CommandContext, _ arguments: ParsedArguments) async throws(CommandFailure)
        -> CommandOutput
    {
        let milliseconds = try arguments.number("MS", label: "latency", in: 0...60_000)
        try await control(context) { controls throws(DemoBackendError) in
            try await controls.setLatency(milliseconds: milliseconds)
        }
        return .message("Every response now waits \(milliseconds) ms.")
    }

    private static func runMalformed(_ context: CommandContext, _ arguments: ParsedArguments)
        async throws(CommandFailure) -> CommandOutput
    {
        try await spoilBodies(.malformed, "will have a malformed body", context, arguments)
    }

    private static func runDrop(_ context: CommandContext, _ arguments: ParsedArguments) async throws(CommandFailure)
        -> CommandOutput
    {
        try await spoilBodies(.dropped, "will be cut off mid-body", context, arguments)
    }

    private static func runTrickle(_ context: CommandContext, _ arguments: ParsedArguments)
        async throws(CommandFailure) -> CommandOutput
    {
        try await spoilBodies(.trickled, "will trickle in a byte every 250 ms", context, arguments)
    }

    private static func spoilBodies(
        _ fault: DemoBackend.BodyFault, _ effect: String, _ context: CommandContext, _ arguments: ParsedArguments
    ) async throws(CommandFailure) -> CommandOutput {
        let count = try count(arguments)
        let path = try path(arguments)
        try await control(context) { controls throws(DemoBackendError) in
            try await controls.inject(fault, count: count, path: path)
        }
        return .message("The next \(responses(count, to: path)) \(effect).")
    }
}
