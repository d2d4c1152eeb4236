import Foundation
import ShellKit
import StrataData

extension CommandGroup {
    /// The app's own state on this device.
    static let app = CommandGroup("App")
}

/// `app …`: what the app keeps on this device.
enum AppCommands {
    /// Every `app` command, in help order.
    static var all: [Command] { [migrations] }
}

// MARK: - Private

extension AppCommands {
    private struct MigrationsJSON: Encodable {
        let migrations: [String]
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
