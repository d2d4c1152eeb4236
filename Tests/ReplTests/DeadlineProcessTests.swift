import Foundation
import TestSupport
import Testing

/// `--timeout` is one deadline per command, as a user sees it.
@Suite("Deadlines, as a process")
nonisolated struct DeadlineProcessTests {
    let repl = ReplProcess.built()

    /// The trickle is aimed at the read: a request the app makes on its own at launch (the live
    /// socket's catch-up, the push token) would otherwise take it first.
    @Test func aTricklingReadEndsAtTheTimeoutWithOneLine() async throws {
        let outcome = try await repl.run(
            lines: [
                "server trickle --path /documents/1", "docs show 2 --policy remote-only",
                "docs show 1 --policy remote-only", "docs show 1 --policy remote-only",
            ],
            arguments: ["--timeout", "1"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "error: line 3: The server can't be reached; try again later\n")
        // A read of another path passed untouched; the next command gets a deadline of its own
        // and a server that answers.
        #expect(outcome.stdout.contains("Layer rules") && outcome.stdout.contains("Welcome to Strata"))
        // The body alone would take minutes; the whole run takes the timeout and start-up (about a
        // second alone; up to 10 s was seen while the rest of the suite loaded both cores).
        #expect(outcome.elapsed < .seconds(20))
    }

    @Test func aRetryAfterPastTheTimeoutSaysWhenToTryAgain() async throws {
        let outcome = try await repl.run(
            lines: [
                "server fault 503 --retry-after 120 --path /documents/1", "docs show 1 --policy remote-only",
                "user show 1",
            ],
            arguments: ["--timeout", "5"])
        #expect(outcome.stderr == "error: line 2: The server is busy; try again in 120 s\n")
        #expect(outcome.stdout.contains("Ada Lovelace"))
    }

    @Test func aSyncThatMustWaitPastTheTimeoutKeepsTheChangesQueued() async throws {
        let outcome = try await repl.run(
            lines: [
                "server down", "docs new Queued", "server up", "server fault 503 --count 4 --retry-after 90",
                "sync", "sync status",
            ],
            arguments: ["--timeout", "5"])
        #expect(outcome.stderr == "error: line 5: The server is busy; 1 change stays queued; try again in 90 s\n")
        #expect(outcome.stdout.contains("pending        1"))
    }
}
