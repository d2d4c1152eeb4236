import Foundation
import Platform
import ShellKit
import StrataData

/// `bg list`, `bg run TASK` and `push silent`: the REPL plays the system that runs background work.
enum BackgroundCommands {
    /// Every background command, in help order.
    static var all: [Command] { [list, run, silent] }
}

// MARK: - Private

extension BackgroundCommands {
    private static let list = Command(
        name: "bg list", group: .sync, summary: "Registered background tasks, their budgets and next requests",
        examples: ["bg list"], run: listTasks)

    private static let run = Command(
        name: "bg run", group: .sync, summary: "Run a background task now, within its budget, as the system would",
        arguments: [ArgumentSpec(name: "TASK", completion: .values(["refresh", "maintenance"]))],
        examples: ["bg run refresh", "bg run maintenance"],
        run: runTask)

    private static let silent = Command(
        name: "push silent", group: .sync, summary: "Deliver a silent push: fetch within 30 s (at most 3 an hour)",
        examples: ["push silent"], run: deliverSilentPush)

    // The bodies are functions, not closures: a closure literal that awaits an actor here trips the
    // compiler's isolation inference (it reports the actor call as synchronous).
    private static func listTasks(_ context: CommandContext, _: ParsedArguments) async throws(CommandFailure)
        -> CommandOutput
    {
        let scheduler = context.background.scheduler
        var rows = [["TASK", "BUDGET", "EARLIEST BEGIN"]]
        for registration in await scheduler.registered() {
            let request = await scheduler.request(for: registration.identifier)
            rows.append([
                registration.identifier, "\(registration.budget.components.seconds) s",
                request.map { $0.earliestBeginDate.formatted(.iso8601) } ?? "not requested",
            ])
        }
        return .message(TextTable.render(rows: rows))
    }

    private static func runTask(_ context: CommandContext, _ arguments: ParsedArguments) async throws(CommandFailure)
        -> CommandOutput
    {
        let name = arguments.value("TASK") ?? ""
        let identifier =
            ["refresh": BackgroundServices.refreshIdentifier, "maintenance": BackgroundServices.maintenanceIdentifier][
                name] ?? name
        do {
            let result = try await context.background.scheduler.run(identifier)
            let report = context.background.taskLog.take().map { " (\($0))" } ?? ""
            return .message("Background task \(identifier): \(result.rawValue)\(report)")
        } catch BackgroundTaskError.notRegistered {
            throw CommandFailure(
                "No background task is registered as '\(name)': give refresh, maintenance or a TASK 'bg list' shows")
        } catch {
            throw CommandFailure(error.localizedDescription)
        }
    }

    private static func deliverSilentPush(_ context: CommandContext, _: ParsedArguments) async throws(CommandFailure)
        -> CommandOutput
    {
        let result = await context.background.silentPush.receive()
        let text =
            result == .throttled
            ? "Silent push: throttled (more than 3 in an hour)" : "Silent push: \(result.rawValue)"
        return .message(text)
    }
}
