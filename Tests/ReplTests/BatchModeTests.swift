import Foundation
import TestSupport
import Testing

/// The REPL as a real process: stdin in; stdout, stderr and the exit status checked.
@Suite("Batch mode, as a process")
nonisolated struct BatchModeTests {
    let repl = ReplProcess.built()

    @Test func aScriptWithAnUnknownCommandPrintsTheRestAndExitsOne() async throws {
        let outcome = try await repl.run(lines: ["docs list", "bogus"])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.hasPrefix("ID  TITLE"))
        #expect(outcome.stdout.contains("Welcome to Strata"))
        #expect(outcome.stderr == "error: line 2: unknown command 'bogus' (try 'help')\n")
    }

    @Test func aCleanScriptExitsZeroWithoutBannerOrPrompt() async throws {
        let outcome = try await repl.run(lines: ["docs show 1", "", "# a comment", "user show 2"])
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty)
        #expect(outcome.stdout.hasPrefix("Document 1\n"))
        #expect(!outcome.stdout.contains("strata>"))
        #expect(outcome.stdout.contains("Grace Hopper"))
    }

    @Test func bailStopsAtTheFirstFailure() async throws {
        let outcome = try await repl.run(lines: ["bogus", "docs new Later"], arguments: ["--bail"])
        #expect(outcome.status == 1)
        #expect(!outcome.stdout.contains("Later"))
    }

    @Test func quitStopsReadingAndKeepsTheStatus() async throws {
        let clean = try await repl.run(lines: ["quit", "bogus"])
        #expect(clean.status == 0 && clean.stderr.isEmpty)
        let failed = try await repl.run(lines: ["bogus", "exit", "docs new Never"])
        #expect(failed.status == 1)
        #expect(!failed.stdout.contains("Never"))
    }

    @Test(
        "Usage errors on the command line exit 2",
        arguments: [["--format", "xml"], ["--nope"], ["--log-level", "loud"]])
    func usageErrorsExitTwo(arguments: [String]) async throws {
        let outcome = try await repl.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("Usage: repl"))
        #expect(outcome.stdout.isEmpty)
    }

    @Test func helpAndVersionExitZero() async throws {
        let help = try await repl.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--format <format>") && help.stdout.contains("--bail"))
        let version = try await repl.run(["--version"])
        #expect(version.status == 0 && version.stdout == "0.1.0\n")
    }

    @Test func jsonFormatPrintsExactlyOneDocumentPerCommand() async throws {
        let outcome = try await repl.run(
            lines: ["docs show 1", "docs list", "docs new Fresh --tag a", "docs show 99", "user show 1"],
            arguments: ["--format", "json"]
        )
        #expect(outcome.status == 1)
        #expect(outcome.stderr == #"{"error":{"line":4,"message":"Document 99 was not found"}}"# + "\n")
        let objects = try outcome.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(objects.count == 4)
        for key in ["id", "title", "body", "tags", "version", "updatedAt"] {
            #expect(objects[0][key] != nil, "docs show lacks \(key)")
            #expect(objects[2][key] != nil, "docs new lacks \(key)")
        }
        #expect(objects[0]["origin"] as? String == "network")
        #expect(objects[1]["count"] as? Int == 3)
        #expect(objects[3]["name"] as? String == "Ada Lovelace")
    }

    @Test func errorsAndOutputKeepTheirOrderWhenMerged() async throws {
        let outcome = try await repl.run(
            lines: ["bogus", "format plain", "docs delete 3", "docs show 3"], merged: true)
        #expect(
            outcome.stdout == """
                error: line 1: unknown command 'bogus' (try 'help')
                Output format: plain
                3
                error: line 4: Document 3 was not found

                """
        )
    }

    @Test func echoPrintsThePromptAndInput() async throws {
        let outcome = try await repl.run(lines: ["format plain", "docs delete 2"], arguments: ["--echo"])
        #expect(outcome.stdout == "strata> format plain\nOutput format: plain\nstrata> docs delete 2\n2\n")
    }
}
