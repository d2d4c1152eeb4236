import DemoBackend
import Foundation
import Presentation
import Scenes
import ShellKit
import StrataData

/// `live status`, `server burst N` and `server live-fault`: the live socket and what it does to
/// the screens.
enum LiveCommands {
    /// `live status`, shown with the sync commands.
    static var sync: [Command] { [status] }
    /// The server's live controls, shown after the other `server` commands.
    static var server: [Command] { [burst, fault] }
}

// MARK: - Private

extension LiveCommands {
    private static let status = Command(
        name: "live status", group: .sync,
        summary: "Show the live socket: connected or reconnecting, the last version, the screen updates",
        examples: ["live status"]
    ) { context, _ throws(CommandFailure) in
        // Other processes' writes reach this one by their signal, with live updates or without.
        let signals = ("signals heard", "\(context.crossProcess?.heard ?? 0) (writes by other processes on this home)")
        guard let live = context.live else {
            return .message(
                "Live updates are off (live.updates, and always in an extension); changes arrive with 'sync'.\n"
                    + "\(signals.0)  \(signals.1)")
        }
        let status = await live.status
        let connection: String
        switch status.connection {
        case .stopped: connection = "stopped (the app is in the background)"
        case .connecting: connection = "connecting"
        case .connected: connection = "connected"
        case .reconnecting(let attempt, let delay, let reason):
            connection = "reconnecting (attempt \(attempt) in \(milliseconds(delay)) ms: \(reason))"
        }
        let rows = [
            ("connection", connection),
            ("last version", "\(status.lastVersion) (applied here: \(status.appliedVersion))"),
            ("events", "\(status.events) (\(status.malformed) skipped as malformed)"),
            ("pulls", "\(status.pulls) (\(status.failedPulls) failed)"),
            ("reconnects", "\(status.reconnects)"),
            ("screen updates", "\(context.sceneSync.reloads)"),
            ("batch interval", "\(milliseconds(context.sceneSync.batchInterval)) ms"),
            signals,
        ]
        let width = rows.map(\.0.count).max() ?? 0
        return .message(
            rows.map { $0.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.1 }
                .joined(separator: "\n"))
    }

    private static let burst = Command(
        name: "server burst", group: .server,
        summary: "Make N changes on the server at once and count the screen updates they cause here",
        arguments: [ArgumentSpec(name: "N")], examples: ["server burst 100"], run: runBurst)

    /// Makes the changes, waits until this device applied them all and its screens settled.
    private static func runBurst(_ context: CommandContext, _ arguments: ParsedArguments) async throws(CommandFailure)
        -> CommandOutput
    {
        let count = try arguments.number("N", label: "N", in: 1...100_000)
        let before = context.sceneSync.reloads
        let started = ContinuousClock.now
        let version: Int
        do throws(DemoBackendError) {
            version = try await context.serverControls.burst(count: count)
        } catch {
            throw CommandFailure(error.description)
        }
        guard let live = context.live else {
            return .message(
                "The server made \(count) changes (documents at version \(version)); live updates are off: 'sync' "
                    + "brings them.")
        }
        // Wait for the pulls to reach the server's version, then for the screens to settle, within
        // the command's budget; note when the first screen update lands.
        var firstUpdate: ContinuousClock.Instant?
        while await live.status.appliedVersion < version || context.sceneSync.isBusy {
            if firstUpdate == nil { firstUpdate = context.sceneSync.firstReload(after: started) }
            if ContinuousClock.now - started > context.operationBudget {
                let applied = await live.status.appliedVersion
                throw CommandFailure(
                    "the server made \(count) changes (documents at version \(version)), but after "
                        + "\(milliseconds(context.operationBudget)) ms this device has applied up to version \(applied) "
                        + "('live status' says why)")
            }
            do {
                try await context.clock.sleep(for: .milliseconds(5))
            } catch {
                throw CommandFailure("cancelled while waiting for the changes")
            }
        }
        if firstUpdate == nil { firstUpdate = context.sceneSync.firstReload(after: started) }
        let took = ContinuousClock.now - started
        let updates = context.sceneSync.reloads - before
        var message =
            "The server made \(count) \(count == 1 ? "change" : "changes") (documents at version \(version)); "
            + "all applied here in \(milliseconds(took)) ms, with \(updates) screen \(updates == 1 ? "update" : "updates")"
        if updates > 0, let first = firstUpdate {
            message += " (the first \(milliseconds(first - started)) ms after the request)"
        }
        return .message(message + ".")
    }

    private static let fault = Command(
        name: "server live-fault", group: .server,
        summary: "Break the live sockets: drop closes them, malformed sends a message that is not an event",
        arguments: [ArgumentSpec(name: "FAULT", completion: .values(DemoBackend.LiveFault.allCases.map(\.rawValue)))],
        examples: ["server live-fault drop", "server live-fault malformed"]
    ) { context, arguments throws(CommandFailure) in
        let fault = try arguments.choice("FAULT", as: DemoBackend.LiveFault.self, label: "live fault")
        do throws(DemoBackendError) {
            try await context.serverControls.injectLiveFault(fault)
        } catch {
            throw CommandFailure(error.description)
        }
        return .message(
            fault == .drop
                ? "Closed every live socket; clients reconnect and catch up."
                : "Sent every live socket a message that is not an event.")
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration / .milliseconds(1))
    }
}
