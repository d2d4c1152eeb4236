import Foundation
import TestSupport
import Testing

/// Startup problems give one clear line and a non-zero status, never a crash.
@Suite("Startup, as a process")
nonisolated struct StartupTests {
    let repl = ReplProcess.built()

    func home() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-startup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent("Library/Application Support"), withIntermediateDirectories: true
        )
        return url
    }

    @Test func aDatabaseFileThatIsNotSQLiteIsReportedAndLeftAlone() async throws {
        let home = try home()
        defer { try? FileManager.default.removeItem(at: home) }
        let database = home.appendingPathComponent("Library/Application Support/strata.sqlite")
        try Data("this is not a database".utf8).write(to: database)
        let outcome = try await repl.run(["--home", home.path], input: Data("docs list\n".utf8))
        #expect(outcome.status == 1)
        #expect(outcome.stderr.hasPrefix("error: cannot open the database"))
        #expect(outcome.stderr.contains("not a SQLite database"))
        #expect(outcome.stderr.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: database) == Data("this is not a database".utf8))
    }

    @Test func plainHTTPToAnotherHostIsRefusedWithTheWayOut() async throws {
        let outcome = try await repl.run(["--remote", "http://api.example.com"], input: Data("docs list\n".utf8))
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("--allow-http api.example.com"))
    }

    @Test func aRemoteThatIsNotAURLIsAUsageError() async throws {
        let outcome = try await repl.run(["--remote", "not a url"])
        #expect(outcome.status == 2)
    }

    @Test func serverCommandsNeedTheEmbeddedServer() async throws {
        // An allowed but unreachable remote: the server commands explain, reads report the outage.
        let outcome = try await repl.run(
            ["--remote", "http://127.0.0.1:9", "--timeout", "2"],
            input: Data("server status\ndocs show 1 --policy local-only\n".utf8))
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("error: line 1: no embedded server: this session uses --remote"))
        #expect(outcome.stderr.contains("error: line 2: Not available offline"))
    }

    @Test func theDatabaseAndLayoutLiveInTheHomeFolder() async throws {
        let home = try home()
        defer { try? FileManager.default.removeItem(at: home) }
        try Data("old".utf8).write(to: home.appendingPathComponent("stale-tmp-marker"))
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent("tmp"), withIntermediateDirectories: true)
        try Data("old".utf8).write(to: home.appendingPathComponent("tmp/leftover"))
        let outcome = try await repl.run(["--home", home.path], input: Data("docs show 1\n".utf8))
        #expect(outcome.status == 0)
        #expect(
            FileManager.default.fileExists(
                atPath: home.appendingPathComponent("Library/Application Support/strata.sqlite").path))
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("tmp/leftover").path))
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("Documents/Inbox").path))
    }
}
