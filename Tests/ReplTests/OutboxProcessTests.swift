import Foundation
import TestSupport
import Testing

/// The outbox as a user meets it in a process: its entries are named by their own numbers.
@Suite("The outbox's commands, as a process")
nonisolated struct OutboxProcessTests {
    let repl = ReplProcess.built()

    /// `outbox list` shows each entry's item beside its ID: the item's number given to `outbox
    /// retry` or `outbox discard` instead names the entry meant, and nothing changes.
    ///
    /// It read "No outbox entry 2 (see 'outbox list')", though that list shows item 2 on the
    /// entry's line.
    @Test func anItemsNumberGivenForItsParkedChangeNamesTheEntry() async throws {
        let run = try await repl.run(lines: [
            "docs show 2", "server fault 422", "docs edit 2 --title Refused", "outbox retry 2", "outbox discard 2",
            "outbox retry 9", "outbox list",
        ])
        let meant = "give the ID 'outbox list' shows, not the item's (item 2 of documents is entry 1)"
        #expect(run.stderr.contains("error: line 4: No outbox entry 2: \(meant)"), "\(run.stderr)")
        #expect(run.stderr.contains("error: line 5: No outbox entry 2: \(meant)"), "\(run.stderr)")
        #expect(run.stderr.contains("error: line 6: No outbox entry 9 (see 'outbox list')"), "\(run.stderr)")
        let listed = try #require(run.stdout.components(separatedBy: "ERROR\n").last)
        #expect(listed.hasPrefix("1   documents   2     update     parked  1 "), "\(run.stdout)")
    }

    /// `outbox show ID` gives a change's last error whole, which `outbox list` cuts to the
    /// terminal's width, and takes the entry's number as `outbox retry` does.
    @Test func aParkedChangesWholeReasonIsShown() async throws {
        let run = try await repl.run(
            lines: [
                "docs show 2", "server fault 422", "docs edit 2 --title Refused", "sync", "outbox list",
                "outbox show 1", "outbox show 2",
            ], environment: ["COLUMNS": "60"])
        let reason = "the server refused the content (422)"
        let list = try #require(run.stdout.components(separatedBy: "ERROR\n").last)
        let listed = try #require(list.components(separatedBy: "\n").first)
        #expect(listed.hasPrefix("1 ") && !listed.contains(reason), "the list cuts it: \(run.stdout)")
        #expect(
            run.stdout.contains(
                "Outbox entry 1: update of documents item 2\nstate     parked\nattempts  1\n"),
            "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasSuffix("\n\n\(reason)\n"), "\(run.stdout)")
        let meant = "give the ID 'outbox list' shows, not the item's (item 2 of documents is entry 1)"
        #expect(run.stderr.contains("error: line 7: No outbox entry 2: \(meant)"), "\(run.stderr)")
    }

    /// A change in conflict, retried, goes over the server's version, and the shell says so.
    ///
    /// It read "Outbox entry 1 is queued again.", as for a parked change, and the other device's
    /// edit was gone without a word; `conflicts resolve --keep local` does the same and says it.
    @Test func aConflictRetriedSaysThisDevicesVersionReplacesTheServers() async throws {
        let run = try await repl.run(lines: [
            "sync", "device network none", "docs edit 1 --body mine", "server edit 1 --body theirs",
            "device network wifi", "outbox retry 1", "docs show 1 --policy remote-only",
        ])
        #expect(
            run.stdout.contains(
                "Outbox entry 1 is queued again over the server's version: this device's replaces it."),
            "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasSuffix("mine\n"), "\(run.stdout)")
    }
}
