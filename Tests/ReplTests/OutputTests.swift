import Foundation
import TestSupport
import Testing

@testable import repl

@Suite("Output: widths, colour and timing")
struct OutputTests {
    @Test func aTableThatFitsIsLeftAlone() {
        let rows = [["ID", "TITLE"], ["1", "Welcome"]]
        #expect(TextTable.render(rows: rows, width: 80) == "ID  TITLE\n1   Welcome")
    }

    @Test func theWidestColumnGivesWayAndLongCellsEndInAnEllipsis() {
        let rows = [["ID", "TITLE", "TAGS"], ["1", String(repeating: "t", count: 60), "home"]]
        let lines = TextTable.render(rows: rows, width: 30).split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 30 })
        #expect(lines[1] == "1   " + String(repeating: "t", count: 19) + "…  home")
    }

    @Test(arguments: [0, -5, 3])
    func absurdWidthsStillGiveColumnsOfAtLeastFourCharacters(width: Int) {
        let widths = TextTable.fitted([10, 50, 20], into: width)
        #expect(widths.allSatisfy { $0 >= 4 })
        #expect(widths == [4, 4, 4])
    }

    @Test func colourFollowsTheChoiceTheTerminalAndTheEnvironment() {
        #expect(Styling.resolve(.auto, stdoutIsTerminal: true, environment: ["TERM": "xterm"]).isEnabled)
        #expect(!Styling.resolve(.auto, stdoutIsTerminal: false, environment: ["TERM": "xterm"]).isEnabled)
        #expect(!Styling.resolve(.auto, stdoutIsTerminal: true, environment: ["NO_COLOR": "1"]).isEnabled)
        #expect(Styling.resolve(.auto, stdoutIsTerminal: true, environment: ["NO_COLOR": ""]).isEnabled)
        #expect(!Styling.resolve(.auto, stdoutIsTerminal: true, environment: ["TERM": "dumb"]).isEnabled)
        #expect(Styling.resolve(.always, stdoutIsTerminal: false, environment: ["NO_COLOR": "1"]).isEnabled)
        #expect(!Styling.resolve(.never, stdoutIsTerminal: true, environment: [:]).isEnabled)
        #expect(Styling(isEnabled: false).error("error:") == "error:")
        #expect(Styling(isEnabled: true).error("error:") == "\u{1B}[1;31merror:\u{1B}[0m")
    }
}

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
