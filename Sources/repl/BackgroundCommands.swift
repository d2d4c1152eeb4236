import Foundation
import Platform
import StrataData

/// `bg list`, `bg run TASK` and `push silent`: the REPL plays the system that runs background work.
enum BackgroundCommands {
    /// Every background command, in help order.
    static var all: [CommandSpec] { [list, run, silent] }
}

// MARK: - Private

extension BackgroundCommands {
    private static let list = CommandSpec(
        name: "bg list", group: .sync, summary: "Registered background tasks, their budgets and next requests",
        examples: ["bg list"]
    ) { context, _ in
        let scheduler = context.background.scheduler
        var rows = [["TASK", "BUDGET", "EARLIEST BEGIN"]]
        for registration in await scheduler.registered() {
            let request = await scheduler.request(for: registration.identifier)
            rows.append([
                registration.identifier, "\(registration.budget.components.seconds) s",
                request.map { $0.earliestBeginDate.formatted(.iso8601) } ?? "not requested",
            ])
        }
        return .success(.message(TextTable.render(rows: rows)))
    }

    private static let run = CommandSpec(
        name: "bg run", group: .sync, summary: "Run a background task now, within its budget, as the system would",
        arguments: [ArgumentSpec(name: "TASK", completion: .values(["refresh"]))], examples: ["bg run refresh"]
    ) { context, arguments in
        let name = arguments.value("TASK") ?? ""
        let identifier = name == "refresh" ? BackgroundServices.refreshIdentifier : name
        do {
            let result = try await context.background.scheduler.run(identifier)
            return .success(.message("Background task \(identifier): \(result.rawValue)"))
        } catch {
            return .failure(CommandFailure(error.localizedDescription))
        }
    }

    private static let silent = CommandSpec(
        name: "push silent", group: .sync, summary: "Deliver a silent push: fetch within 30 s (at most 3 an hour)",
        examples: ["push silent"]
    ) { context, _ in
        let result = await context.background.silentPush.receive()
        let text =
            result == .throttled
            ? "Silent push: throttled (more than 3 in an hour)" : "Silent push: \(result.rawValue)"
        return .success(.message(text))
    }
}
