import Foundation
import TestSupport
import Testing

/// `repl -c COMMAND`: commands from the command line, run with the batch-mode rules (as `psql -c`).
@Suite("One-shot mode, as a process")
nonisolated struct OneShotTests {
    let repl = ReplProcess.built()

    @Test func theCommandsRunInOrderAndTheProcessExitsZero() async throws {
        let outcome = try await repl.run(["-c", "docs list", "-c", "docs show 1"])
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        #expect(outcome.stderr.isEmpty)
        let list = try #require(outcome.stdout.range(of: "3 documents"))
        let shown = try #require(outcome.stdout.range(of: "Document 1\ntitle "))
        #expect(outcome.stdout.hasRow("title", startingWith: "Welcome to Strata"))
        #expect(list.lowerBound < shown.lowerBound, "the list prints before the document")
        #expect(!outcome.stdout.contains("strata>"), "no prompt, no banner")
    }

    @Test func anUnknownCommandIsReportedWithItsLineAndTheRestStillRuns() async throws {
        let outcome = try await repl.run(["-c", "docs show 1", "-c", "bogus", "-c", "user show 2"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "error: line 2: unknown command 'bogus' (try 'help')\n")
        #expect(outcome.stdout.contains("Grace Hopper"))
    }

    @Test func bailStopsAtTheFirstFailure() async throws {
        let outcome = try await repl.run(["--bail", "-c", "bogus", "-c", "user show 2"])
        #expect(outcome.status == 1)
        #expect(!outcome.stdout.contains("Grace Hopper"))
    }

    @Test func inJSONEveryOutputAndEveryErrorIsAJSONObject() async throws {
        let outcome = try await repl.run(["--format", "json", "-c", "docs show 1", "-c", "docs show 99"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr == #"{"error":{"line":2,"message":"Document 99 was not found"}}"# + "\n")
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        #expect(object?["title"] as? String == "Welcome to Strata")
    }

    @Test func aCommandThatCannotBeALineChangesNothing() async throws {
        let outcome = try await repl.run(["-c", "docs new \u{7}Bell", "-c", "docs list"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "error: line 1: line contains a control character (0x7)\n")
        #expect(outcome.stdout.contains("3 documents"), "nothing was created")
    }

    @Test func aScriptAndCommandsTogetherAreAUsageError() async throws {
        let outcome = try await repl.run(["-c", "docs list", "--script", "/dev/null"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("-c and --script cannot be combined"))
        #expect(outcome.stdout.isEmpty)
    }
}
