import Foundation
import TestSupport
import Testing

/// An app and its extension on one home share the database: a write in one reaches the other's
/// memory tier and scenes without a command to ask for it.
///
/// How soon is `make bench`'s to measure (the signal between the processes), not a test's: a
/// loaded machine can stall either process.
@Suite("Two processes on one home")
nonisolated struct CrossProcessTests {
    let repl = ReplProcess.built()

    @Test func aWriteInTheExtensionReachesTheRunningApp() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("strata-pair-\(UUID().uuidString)")
        defer { ReplProcess.removeHome(home) }
        // Given the app running, with document 1 in its memory tier and a list scene open
        let app = try RunningRepl(repl, arguments: ["--home", home.path])
        try app.type("docs show 1")
        try app.type("docs show 1")
        try app.type("scene open list")
        #expect(await app.waitFor { $0.hasRow("origin", startingWith: "memory") && $0.contains("Welcome to Strata") })
        #expect(await app.waitFor { $0.contains("s1*") })
        // When the extension, another process on the same home, renames it
        let edit = try await repl.run(
            ["--home", home.path, "--context", "extension"],
            input: Data("docs edit 1 --title \"Renamed by the extension\"\n".utf8))
        #expect(edit.status == 0, "\(edit.stdout)\(edit.stderr)")
        // Then the app hears the extension's signal and acts on it (`live status` counts a signal
        // once acted on)
        var asked = 0
        let heard = try await eventually {
            asked += 1
            try app.type("live status")
            guard await app.waitFor({ $0.components(separatedBy: "signals heard").count > asked }) else { return true }
            return app.output.components(separatedBy: "signals heard").last?.hasPrefix("  0 ") == false
        }
        #expect(heard && app.output.components(separatedBy: "signals heard").count > asked, "\(app.output)")
        // And its next read no longer serves the memory copy: it reads the new title from disk
        try app.type("docs show 1")
        #expect(await app.waitFor { $0.components(separatedBy: "Document 1\n").count > 3 }, "\(app.output)")
        let shown = app.output.components(separatedBy: "Document 1\n").last ?? ""
        #expect(shown.contains("Renamed by the extension") && shown.hasRow("origin", startingWith: "disk"), "\(shown)")
        // And the list scene shows it too, without a command to refresh it
        try app.type("scene show s1")
        #expect(await app.waitFor { $0.components(separatedBy: "Renamed by the extension").count > 2 }, "\(app.output)")
        #expect(try await app.finish() == 0)
    }

    @Test func theAppAndItsExtensionPushingAtOnceNeverConflictWithThemselves() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("strata-pair-\(UUID().uuidString)")
        defer { ReplProcess.removeHome(home) }
        _ = try await repl.run(["--home", home.path], input: Data("docs list\n".utf8))
        // Given both processes online, each editing its own document and a shared one in turn
        func edits(_ own: Int, _ mark: String) -> Data {
            let lines = (1...60).flatMap {
                ["docs edit \(own) --body \(mark)\($0)", "docs edit 3 --body s\(mark)\($0)"]
            }
            return Data((lines.joined(separator: "\n") + "\n").utf8)
        }
        async let app = repl.run(["--home", home.path], input: edits(1, "a"))
        async let extensionRun = repl.run(["--home", home.path, "--context", "extension"], input: edits(2, "b"))
        let (appRun, extensionDone) = try await (app, extensionRun)
        // Then every edit went through: no error, nothing left queued, no conflict
        #expect(appRun.status == 0 && extensionDone.status == 0, "\(appRun.stderr)\(extensionDone.stderr)")
        let after = try await repl.run(
            ["--home", home.path, "--format", "plain"],
            input: Data("sync status\ndocs show 1 --policy remote-only\ndocs show 2 --policy remote-only\n".utf8))
        #expect(after.stdout.contains("pending\t0") && after.stdout.contains("conflicts\t0"), "\(after.stdout)")
        #expect(after.stdout.contains("a60") && after.stdout.contains("b60"), "\(after.stdout)")
    }
}
