import Foundation
import Platform
import ShellKit
import StrataData

extension CommandGroup {
    /// The app's own state on this device.
    static let app = CommandGroup("App")
}

/// `app …`: what the app keeps on this device.
enum AppCommands {
    /// Every `app` command, in help order.
    static var all: [Command] { [migrations, memoryWarning] }
}

// MARK: - Private

extension AppCommands {
    private struct MigrationsJSON: Encodable {
        let migrations: [String]
    }

    private static let memoryWarning = Command(
        name: "app memory-warning", group: .app, summary: "Deliver a memory warning, as the system would",
        examples: ["app memory-warning"]
    ) { context, _ throws(CommandFailure) in
        context.lifecycle.post(.didReceiveMemoryWarning)
        return .message("Memory warning delivered.")
    }

    private static let migrations = Command(
        name: "app migrations", group: .app,
        summary: "List the database migrations applied on this device, oldest first",
        examples: ["app migrations"]
    ) { context, _ throws(CommandFailure) in
        let names: [String]
        do {
            names = try context.database.appliedMigrations()
        } catch {
            throw CommandFailure(error.localizedDescription)
        }
        let text = names.joined(separator: "\n")
        return .text(text, json: JSONOutput.encode(MigrationsJSON(migrations: names)))
    }
}
