import Foundation
import TestSupport
import Testing

/// The sandbox rules as a user meets them, in the real binary: Inbox files are imported by name and
/// deleted, exports land in Documents, and nothing leaves the container.
@Suite("Sandbox, as a process")
nonisolated struct SandboxProcessTests {
    let repl = ReplProcess.built()

    func home() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("strata-sandbox-\(UUID().uuidString)")
    }

    @Test func anInboxFileIsImportedByNameAndDeletedAndAnExportRoundTrips() async throws {
        let home = home()
        defer { ReplProcess.removeHome(home) }
        let run = try await repl.run(
            lines: ["inbox add Docs/examples/notes.jsonl", "docs import notes.jsonl", "docs export 1", "inbox list"],
            arguments: ["--home", home.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Imported 3 documents.") && run.stdout.contains("The Inbox is empty."))
        let exported = home.appendingPathComponent("Documents/Welcome to Strata.json")
        let record = try JSONSerialization.jsonObject(with: Data(contentsOf: exported)) as? [String: Any]
        #expect(record?["title"] as? String == "Welcome to Strata")
        // The exported file goes back in as another app would hand it over.
        let again = try await repl.run(
            lines: [#"inbox add "\#(exported.path)""#, #"docs import "Welcome to Strata.json""#, "docs list"],
            arguments: ["--home", home.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Imported 1 document."))
        // And by the path the export printed, read in place and left there.
        let inPlace = try await repl.run(
            lines: [#"docs import "Documents/Welcome to Strata.json""#, "docs list --policy local-only"],
            arguments: ["--home", home.path, "--format", "plain"])
        #expect(inPlace.status == 0, "\(inPlace.stderr)")
        #expect(inPlace.stdout.contains("Imported 1 document."))
        #expect(inPlace.stdout.components(separatedBy: "Welcome to Strata").count - 1 == 3)
        #expect(FileManager.default.fileExists(atPath: exported.path))
    }

    @Test func anInboxFileThatIsNotJSONIsKeptAndNothingIsImported() async throws {
        let home = home()
        defer { ReplProcess.removeHome(home) }
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).json")
        try Data("not json".utf8).write(to: bad)
        defer { try? FileManager.default.removeItem(at: bad) }
        let run = try await repl.run(
            lines: ["inbox add \(bad.path)", "docs import \(bad.lastPathComponent)", "inbox list", "docs list"],
            arguments: ["--home", home.path])
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stdout.contains(bad.lastPathComponent + "\n"))
        #expect(run.stdout.contains("3 documents"))
    }

    @Test func aLinkInTheInboxPointingOutIsRefused() async throws {
        let home = home()
        defer { ReplProcess.removeHome(home) }
        let inbox = home.appendingPathComponent("Documents/Inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        let notes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Docs/examples/notes.jsonl")
        try FileManager.default.createSymbolicLink(
            at: inbox.appendingPathComponent("outside.jsonl"), withDestinationURL: notes)
        let run = try await repl.run(
            lines: ["docs import outside.jsonl", "app exclude-from-backup /etc/passwd", "docs list"],
            arguments: ["--home", home.path])
        #expect(run.stderr.contains("'outside.jsonl' is outside the app's container"), "\(run.stderr)")
        #expect(run.stderr.contains("'/etc/passwd' is outside the app's container"), "\(run.stderr)")
        #expect(run.stdout.contains("3 documents"))
        #expect(FileManager.default.fileExists(atPath: notes.path))
    }

    @Test func aFileThatDoesNotFitLeavesNothingBehindAndAnEmptyOneIsKept() async throws {
        // Given a REPL that may write no file larger than 1 MiB (a disk that fills up)
        let home = home()
        defer { ReplProcess.removeHome(home) }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-full-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let limited = scratch.appendingPathComponent("repl-limited")
        let script = "#!/bin/bash\ntrap '' XFSZ\nulimit -f 1024\nexec '\(repl.executable.path)' \"$@\"\n"
        try Data(script.utf8).write(to: limited)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: limited.path)
        let big = scratch.appendingPathComponent("big.jsonl")
        let line = #"{"title": "Big", "body": "\#(String(repeating: "x", count: 1_000))"}"# + "\n"
        try Data(String(repeating: line, count: 3_000).utf8).write(to: big)
        let empty = scratch.appendingPathComponent("empty.jsonl")
        try Data().write(to: empty)
        // When the copy into the Inbox fails halfway, and an empty file is imported
        let run = try await ReplProcess(executable: limited).run(
            lines: [
                "inbox add \(big.path)", "inbox list", "inbox add \(empty.path)", "docs import empty.jsonl",
                "inbox list",
            ],
            arguments: ["--home", home.path])
        // Then the Inbox never shows a partial file, and the empty one is kept, nothing imported
        let errors = run.stderr.split(separator: "\n")
        #expect(errors.count == 2 && errors[0].contains("big.jsonl"), "\(run.stderr)")
        #expect(errors.last?.contains("the file holds no documents") == true, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("The Inbox is empty.\n"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("empty.jsonl\n"), "\(run.stdout)")
        let left = try FileManager.default.contentsOfDirectory(atPath: home.appendingPathComponent("tmp").path)
        #expect(left.isEmpty)
    }
}
