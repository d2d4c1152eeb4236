import Foundation
import TestSupport
import Testing

/// The same rules seen from outside, as a process.
@Suite("Output, as a process")
nonisolated struct OutputProcessTests {
    let repl = ReplProcess.built()

    @Test func tablesFitCOLUMNSAndAnAbsurdValueFallsBackTo80() async throws {
        let narrow = try await repl.run(lines: ["docs list"], environment: ["COLUMNS": "30"])
        #expect(narrow.stdout.split(separator: "\n").allSatisfy { $0.count <= 30 }, "\(narrow.stdout)")
        for absurd in ["0", "-3", "abc", "99999"] {
            let fallback = try await repl.run(lines: ["docs list"], environment: ["COLUMNS": absurd])
            #expect(fallback.stdout.contains("Welcome to Strata  intro"), "COLUMNS=\(absurd): \(fallback.stdout)")
        }
    }

    @Test func everyLineOfJSONOutputIsOneDocumentNoticesIncluded() async throws {
        // Given changes queued offline, sent once the server is back, in --format json
        let run = try await repl.run(
            lines: ["server down", #"docs new "Packing list""#, "server up", "docs list", "sync status"],
            arguments: ["--format", "json"])
        // Then each line is one JSON document, the notice among them
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 6, "five commands and the notice: \(run.stdout)")
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "not JSON: \(line)")
        }
        #expect(lines.contains(#"{"notice":"back-online","sent":1}"#), "\(run.stdout)")
    }

    /// A resend that meets a newer version on the server says where the change waits, in words
    /// and in JSON (`conflicts` is left out when there is none).
    @Test func aResendThatMeetsAConflictSaysWhereTheChangeWaits() async throws {
        let lines = [
            "docs show 1", "device network none", "docs edit 1 --title Mine", "server edit 1 --body Theirs",
            "device network wifi",
        ]
        let run = try await repl.run(lines: lines)
        #expect(
            run.stdout.contains("Back online: sent 0 queued changes; 1 in conflict (see 'conflicts list')."),
            "\(run.stdout)")
        let json = try await repl.run(lines: lines, arguments: ["--format", "json"])
        #expect(json.stdout.contains(#"{"conflicts":1,"notice":"back-online","sent":0}"#), "\(json.stdout)")
    }

    @Test func tracesAndTimesAreJSONDocumentsTooInJSONOutput() async throws {
        let run = try await repl.run(lines: ["trace on", "timer on", "docs show 1"], arguments: ["--format", "json"])
        let lines = run.stdout.split(separator: "\n")
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "not JSON: \(line)")
        }
        #expect(lines.contains(#"{"from":"idle","to":"loading","trace":"DocumentDetailViewModel"}"#), "\(run.stdout)")
        #expect(lines.filter { $0.hasPrefix(#"{"timeMilliseconds":"#) }.count == 2, "\(run.stdout)")
    }

    @Test func colourOnlyWhenAskedOnAPipe() async throws {
        let plain = try await repl.run(lines: ["docs show 99"])
        #expect(plain.stderr == "error: line 1: Document 99 was not found\n")
        let coloured = try await repl.run(lines: ["docs show 99"], arguments: ["--color", "always"])
        #expect(coloured.stderr.hasPrefix("\u{1B}[1;31merror:\u{1B}[0m line 1:"))
    }

    @Test func timerPrintsEachCommandsDurationUntilTurnedOff() async throws {
        let outcome = try await repl.run(lines: ["timer on", "docs list", "timer off", "docs list"])
        let times = outcome.stdout.split(separator: "\n").filter { $0.hasPrefix("Time: ") && $0.hasSuffix(" ms") }
        #expect(times.count == 2)
    }
}
