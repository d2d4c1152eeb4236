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
    static var all: [Command] {
        [migrations, memoryWarning, purgeCaches, backupManifest, excludeFromBackup, readiness]
    }
}

// MARK: - Private

extension AppCommands {
    private struct MigrationsJSON: Encodable {
        let migrations: [String]
    }

    private struct ReadinessJSON: Encodable {
        let level: String?
        let events: [Event]

        struct Event: Encodable {
            let milliseconds: Double
            let event: String
        }
    }

    private static let readiness = Command(
        name: "app readiness", group: .app,
        summary: "Show the launch timeline (readiness levels)",
        examples: ["app readiness"]
    ) { context, _ throws(CommandFailure) in
        let timeline = context.readiness.timeline
        let rows = timeline.map { ["+" + LaunchReadiness<ContinuousClock>.text($0.at), $0.text] }
        let events = timeline.map { event in
            ReadinessJSON.Event(
                milliseconds: Double(event.at.components.seconds) * 1000
                    + Double(event.at.components.attoseconds) / 1e15,
                event: event.text)
        }
        return .rendered(
            table: TextTable.render(rows: rows), plain: rows.map { $0.joined(separator: "\t") }.joined(separator: "\n"),
            json: JSONOutput.encode(ReadinessJSON(level: context.readiness.level?.name, events: events)))
    }

    private struct MemoryWarningJSON: Encodable {
        let message: String
        let freedBytes: Int
    }

    private struct PurgedJSON: Encodable {
        let files: Int
        let bytes: Int
    }

    private struct ManifestJSON: Encodable {
        let files: [String]
    }

    private struct ExcludedJSON: Encodable {
        let excluded: String
    }

    private static let purgeCaches = Command(
        name: "app purge-caches", group: .app,
        summary: "Empty Library/Caches, as the system may",
        examples: ["app purge-caches"]
    ) { context, _ throws(CommandFailure) in
        let purged = try CommandFailure.sandbox { () throws(SandboxError) in try context.sandbox.purgeCaches() }
        return .text(
            "Emptied Library/Caches: \(purged.files) \(purged.files == 1 ? "file" : "files"), \(purged.bytes) bytes.",
            json: JSONOutput.encode(PurgedJSON(files: purged.files, bytes: purged.bytes)))
    }

    private static let backupManifest = Command(
        name: "app backup-manifest", group: .app,
        summary: "List the files a backup would take",
        examples: ["app backup-manifest"]
    ) { context, _ throws(CommandFailure) in
        let files = try CommandFailure.sandbox { () throws(SandboxError) in try context.sandbox.backupManifest() }
        return .text(files.joined(separator: "\n"), json: JSONOutput.encode(ManifestJSON(files: files)))
    }

    private static let excludeFromBackup = Command(
        name: "app exclude-from-backup", group: .app,
        summary: "Leave a file out of backups",
        arguments: [ArgumentSpec(name: "PATH", takesRest: true)],
        examples: [#"app exclude-from-backup "Documents/Welcome to Strata.json""#]
    ) { context, arguments throws(CommandFailure) in
        let path = try arguments.required("PATH")
        try CommandFailure.sandbox { () throws(SandboxError) in try context.sandbox.excludeFromBackup(path) }
        return .text("\(path) is left out of backups.", json: JSONOutput.encode(ExcludedJSON(excluded: path)))
    }

    private static let memoryWarning = Command(
        name: "app memory-warning", group: .app, summary: "Deliver a memory warning, as the system would",
        examples: ["app memory-warning"]
    ) { context, _ throws(CommandFailure) in
        let before = await context.caches.statistics().memoryBytes
        context.lifecycle.post(.didReceiveMemoryWarning)
        let freed = max(0, before - (await context.caches.statistics().memoryBytes))
        let sentence = "Memory warning delivered: \(freed) bytes freed from the memory tiers."
        return .text(sentence, json: JSONOutput.encode(MemoryWarningJSON(message: sentence, freedBytes: freed)))
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
