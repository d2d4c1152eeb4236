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
}
