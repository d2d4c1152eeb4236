import Foundation
import TestSupport
import Testing

/// The app lifecycle as a process: the background sends the outbox within its time and covers
/// the scenes, the foreground undoes it, termination saves the scenes and ends the session, and
/// maintenance waits for a charging device on Wi-Fi.
@Suite("App lifecycle, as a process")
nonisolated struct LifecycleProcessTests {
    let repl = ReplProcess.built()

    @Test func theBackgroundSendsTheOutboxAndCoversTheScenesUntilTheForeground() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("strata-life-\(UUID().uuidString)")
        defer { ReplProcess.removeHome(home) }
        let run = try await repl.run(
            lines: [
                "scene open editor 1", "server down", #"docs edit 1 --title "Plans""#, "server up", "app background",
                "scene show s1", "sync status", "app foreground", "scene show s1", "app terminate", "server down",
            ], arguments: ["--home", home.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("App in the background: scene s1 is covered for privacy."))
        #expect(run.stdout.contains("Background time (30 s): sent 1 queued change."))
        #expect(run.stdout.contains("Scene s1 is in the background: its content is covered for privacy."))
        #expect(run.stdout.contains("App in the foreground: scene s1 is back; s1 is active."))
        #expect(run.stdout.contains("Editor s1: document 1"), "the content shows again in the foreground")
        #expect(run.stdout.contains("Saved 1 scene session; Strata ends."))
        #expect(!run.stdout.contains("The demo server is down.\nThe"), "nothing runs after app terminate")
        #expect(run.stdout.components(separatedBy: "The demo server is down.").count == 2)
        // The next launch finds the scene and the sent change
        let next = try await repl.run(
            lines: ["scene list", "sync status"], arguments: ["--home", home.path, "--format", "plain"])
        #expect(next.stdout.contains("Edit document 1"), "\(next.stdout)")
        #expect(next.stdout.contains("pending\t0"), "\(next.stdout)")
    }

    @Test func theAppSwitcherSnapshotShowsTheCoverAndIsRebuiltAfterAPurge() async throws {
        let run = try await repl.run(
            lines: [
                "scene open editor 1", "scene snapshot s1", "app background", "scene snapshot s1", "app foreground",
                "app purge-caches", "scene snapshot s1", "app background", "scene snapshot s1",
            ])
        #expect(run.stderr.contains("error: line 2: no snapshot of s1"))
        #expect(run.stdout.contains("Saved 1 snapshot for the app switcher (Library/Caches/Snapshots)."))
        let covers = run.stdout.components(separatedBy: "Scene s1 is in the background: its content is covered")
        #expect(covers.count == 3, "both snapshots show the cover, never the text:\n\(run.stdout)")
        #expect(run.stderr.contains("error: line 7: no snapshot of s1"), "a purge takes the snapshot away")
    }

    @Test func maintenanceWaitsForPowerAndWifiThenVacuumsTheDatabase() async throws {
        let run = try await repl.run(
            lines: [
                "bg run maintenance", "device charging on", "device network cellular", "format json",
                "device charging off", "device network wifi", "device charging on", "device charging maybe",
                "device network 5g",
            ])
        #expect(run.status == 1, "the bad lines fail the batch")
        #expect(
            run.stderr.contains(
                "Background task 'com.strata.maintenance' waits for external power (see 'device charging' and "
                    + "'device network')"))
        #expect(run.stdout.contains("Ran com.strata.maintenance: vacuumed the database:"), "\(run.stdout)")
        let json = run.stdout.split(separator: "\n").filter { $0.hasPrefix("{") }
        #expect(json.count == 4, "format json, then three device changes")
        #expect(json.last?.contains(#""ran":[]"#) == true, "it ran once per request")
        #expect(run.stderr.contains("invalid state 'maybe' (expected one of: on, off)"))
        #expect(run.stderr.contains("invalid network '5g' (expected one of: wifi, cellular, none)"))
    }

    /// `device network none` is a device with no network, not only what background scheduling
    /// sees: offline at once, a change waits without an attempt and the server keeps its copy;
    /// the network back sends it after that command.
    @Test func aDeviceWithoutANetworkKeepsChangesUntilItHasOneAgain() async throws {
        let run = try await repl.run(
            lines: [
                "docs show 1", "device network none", #"docs edit 1 --body "Written on the train""#, "sync",
                "format plain", "outbox list", "sync status", "format table", "device network wifi",
                "docs show 1 --policy remote-only",
            ])
        #expect(run.status == 1, "only the sync fails: \(run.stderr)")
        #expect(run.stderr == "error: line 4: The server can't be reached; 1 change stays queued\n")
        #expect(run.stdout.contains("1\tdocuments\t1\tupdate\tpending\t1\t"), "the sync reached nothing: \(run.stdout)")
        #expect(run.stdout.contains("network\toffline"), "\(run.stdout)")
        #expect(run.stdout.contains("Back online: sent 1 queued change."), "\(run.stdout)")
        #expect(run.stdout.hasSuffix(" network, fresh\n\nWritten on the train\n"), "\(run.stdout)")
    }

    @Test func aRefreshThatFailsSaysWhy() async throws {
        let run = try await repl.run(lines: ["server down", "bg run refresh"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains(
                "Background task com.strata.refresh: failed (The server can't be reached; try again later)"),
            "\(run.stdout)")
    }

    @Test func aLineTheExtensionRefusesFailsHereWithItsReason() async throws {
        let run = try await repl.run(lines: ["app extension 'docs show 999'", "app extension 'docs show 1'"])
        #expect(run.status == 1, "a script sees the extension's failure")
        #expect(run.stderr == "error: line 1: the extension exited with status 1: Document 999 was not found\n")
        #expect(run.stdout.contains("(extension exited with status 0"), "\(run.stdout)")
    }

    /// Only the app starts its extensions, as on iOS: an extension asked to start one refuses,
    /// and the app reports that refusal as the line's error.
    @Test func anExtensionDoesNotStartAnExtension() async throws {
        let run = try await repl.run(lines: [#"app extension "app extension 'docs show 1'""#])
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "error: line 1: the extension exited with status 1: an extension cannot start an extension\n")
        #expect(!run.stdout.contains("Welcome to Strata"), "\(run.stdout)")
    }
}
