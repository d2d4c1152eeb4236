import Foundation
import TestSupport
import Testing

/// Two devices (homes) on one server's data: what a user sees when their changes meet.
@Suite("Conflicts between two devices, as processes")
nonisolated struct ConflictProcessTests {
    let repl = ReplProcess.built()

    /// The phone edits document 3 offline while the laptop deletes it; returns the phone's arguments.
    func editedWhileDeleted(in folder: URL) async throws -> [String] {
        let server = ["--server-data", folder.appendingPathComponent("server").path]
        let phone = ["--home", folder.appendingPathComponent("phone").path] + server
        let offline = try await repl.run(
            lines: ["docs show 3", "server down", #"docs edit 3 --body "kept on the phone""#], arguments: phone)
        #expect(offline.status == 0, "\(offline.stderr)")
        let deleted = try await repl.run(
            lines: ["docs delete 3"], arguments: ["--home", folder.appendingPathComponent("laptop").path] + server)
        #expect(deleted.stdout.contains("Deleted document 3."), "\(deleted.stderr)")
        return phone
    }

    /// `server edit --fields` changes any field as another device's request would: its version
    /// moves on, so this device's next change of it meets a conflict.
    @Test func aServerEditOfAnyFieldIsAChangeFromElsewhere() async throws {
        let run = try await repl.run(lines: [
            "docs show 2", "device network none", "docs edit 2 --body mine",
            #"server edit 2 --fields '{"title":"Renamed elsewhere","tags":["moved"]}'"#, "device network wifi",
            "conflicts show 1",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Document 2 was changed on the server."), "\(run.stdout)")
        #expect(run.stdout.contains("1 in conflict (see 'conflicts list')"), "\(run.stdout)")
        let shown = try #require(run.stdout.components(separatedBy: "Back online").last)
        #expect(shown.contains("remote (version 2): Renamed elsewhere") && shown.contains("mine"), "\(shown)")
    }

    /// A conflict is named by its ID in `conflicts list`, which also shows the item's: the item's
    /// number given instead names the conflict meant, and nothing changes.
    ///
    /// It read "No outbox entry 2 (see 'outbox list')", though the list it pointed to names no
    /// conflict.
    @Test func anItemsNumberGivenForItsConflictNamesTheConflict() async throws {
        let run = try await repl.run(lines: [
            "docs show 2", "device network none", "docs edit 2 --body mine",
            #"server edit 2 --fields '{"title":"Renamed elsewhere"}'"#, "device network wifi",
            "conflicts show 2", "conflicts resolve 2 --keep local", "conflicts resolve 9 --keep local",
            "conflicts list",
        ])
        let meant = "give the ID 'conflicts list' shows, not the item's (item 2 of documents is conflict 1)"
        #expect(run.stderr.contains("error: line 6: No conflict 2: \(meant)"), "\(run.stderr)")
        #expect(run.stderr.contains("error: line 7: No conflict 2: \(meant)"), "\(run.stderr)")
        #expect(run.stderr.contains("error: line 8: No conflict 9 (see 'conflicts list')"), "\(run.stderr)")
        #expect(run.stdout.hasSuffix("1   documents   2     Layer rules  Renamed elsewhere\n"), "\(run.stdout)")
    }

    @Test func anEditMeetingADeleteFromAnotherDeviceIsAConflictAndKeepingItBringsTheDocumentBack() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-race-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let phone = try await editedWhileDeleted(in: folder)
        // When the phone syncs, the edit waits beside the deletion; keeping it brings the document back
        let run = try await repl.run(
            lines: [
                "sync", "conflicts show 1", "conflicts resolve 1 --keep local", "conflicts list",
                "docs show 4 --policy remote-only",
            ], arguments: phone)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("0 settled by policy, 1 in conflict, 0 parked"), "\(run.stdout)")
        #expect(run.stdout.contains("remote: deleted on the server"), "\(run.stdout)")
        #expect(run.stdout.contains("No conflicts."), "\(run.stdout)")
        let server4 = try #require(run.stdout.components(separatedBy: "Document 4\n").last)
        #expect(server4.contains("kept on the phone") && server4.contains("network"), "\(run.stdout)")
    }

    /// A document deleted offline here while another device changed it: the conflict is listed,
    /// shown and resolved like any other (the list left it out, though `sync` and the outbox
    /// counted it, so nothing could resolve it).
    @Test(arguments: ["local", "remote"])
    func aDeleteMeetingAnEditFromAnotherDeviceIsAConflictTheUserResolves(side: String) async throws {
        let run = try await repl.run(lines: [
            "docs show 3", "device network none", "docs delete 3",
            #"server edit 3 --body "changed elsewhere""#, "device network wifi", "conflicts list", "conflicts show 1",
            #"conflicts resolve 1 --keep merged --body "both""#, "conflicts resolve 1 --keep \(side)",
            "conflicts list", "docs show 3 --policy remote-only",
        ])
        #expect(run.stdout.contains("1 in conflict (see 'conflicts list')"), "\(run.stdout)")
        #expect(run.stdout.contains("1   documents   3     (deleted)  Shopping list"), "\(run.stdout)")
        #expect(run.stdout.contains("local: deleted on this device"), "\(run.stdout)")
        #expect(run.stdout.contains("remote (version 2): Shopping list"), "\(run.stdout)")
        #expect(
            run.stderr.contains(
                "error: line 8: The merged version can't be kept: this device deletes the item; keep local or remote"),
            "\(run.stderr)")
        #expect(run.stdout.contains("No conflicts."), "\(run.stdout)")
        if side == "local" {
            #expect(
                run.stdout.contains(
                    "Conflict 1 is resolved: this device's deletion is sent over the server's version."),
                "\(run.stdout)")
            #expect(run.stderr.contains("error: line 11: Document 3 was not found"), "\(run.stderr)")
        } else {
            let server3 = try #require(run.stdout.components(separatedBy: "Document 3\n").last)
            #expect(server3.contains("changed elsewhere") && server3.contains("network"), "\(run.stdout)")
            #expect(run.status == 1 && !run.stderr.contains("line 11"), "only the merge fails: \(run.stderr)")
        }
    }

    @Test func keepingTheServersDeletionLeavesTheDocumentDeleted() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-race-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let phone = try await editedWhileDeleted(in: folder)
        let run = try await repl.run(
            lines: ["sync", "conflicts resolve 1 --keep remote", "docs show 3 --policy local-only"], arguments: phone)
        #expect(run.stdout.contains("Conflict 1 is resolved: the document stays deleted, as on the server."))
        #expect(run.stderr.contains("line 3: Not available offline"), "\(run.stderr)")
    }
}
