import ShellKit
import Testing

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

    /// Help's text wraps under itself where a table would cut it: every word stays, and no line
    /// runs past the width but one whose word alone is too long for the room.
    @Test func aWrappingTableKeepsEveryWordWithinTheWidth() {
        let help = "Where to read from (cache-first|network-first|local-only|remote-only|skip-memory)"
        let rows = [["  --policy POLICY", help], ["  --limit N", "One page"]]
        let lines = TextTable.renderWrapping(rows: rows, width: 60).split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "  --policy POLICY  Where to read from (cache-first|",
                "                   network-first|local-only|remote-only|",
                "                   skip-memory)",
                "  --limit N        One page",
            ])
        #expect(lines.allSatisfy { $0.count <= 60 })
        let word = String(repeating: "x", count: 30)
        #expect(TextTable.renderWrapping(rows: [["a", "b \(word) c|"]], width: 20) == "a  b\n   \(word)\n   c|")
        let narrow = TextTable.renderWrapping(rows: [["a", "one two three four five six"]], width: 10)
        #expect(narrow == "a  one two three four\n   five six", "the text keeps 20 columns")
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

    @Test(
        "A control character from the data is shown, not obeyed",
        arguments: [
            ("plain\ttext\nlines", "plain\ttext\nlines"),
            ("a\u{1B}]52;c;cHdu\u{07}b", "a\u{241B}]52;c;cHdu\u{2407}b"),
            ("shown\rhidden", "shown\u{240D}hidden"),
            ("\u{1B}[2J\u{0}\u{7F}\u{9B}", "\u{241B}[2J\u{2400}\u{2421}\u{FFFD}"),
            ("é\u{1B}[31m", "é\u{241B}[31m"),
        ])
    func controlCharacters(text: String, shown: String) {
        #expect(TerminalText.shown(text) == shown)
    }

    @Test func theShellsOwnColoursPass() {
        let styled = Styling(isEnabled: true).error("error:") + " " + Styling(isEnabled: true).boldFirstLine("ID\n1")
        #expect(TerminalText.shown(styled) == styled)
        #expect(TerminalText.shown("\u{1B}[1mbold\u{1B}[0m\u{1B}[8m") == "\u{1B}[1mbold\u{1B}[0m\u{241B}[8m")
    }
}
