import Foundation
import Testing

@Suite("Transcript matching")
struct TranscriptMatcherTests {
    @Test func identicalLinesMatchAndADifferentLineDoesNot() {
        #expect(TranscriptMatcher.matches(expected: ["a", "b"], actual: ["a", "b"]))
        #expect(!TranscriptMatcher.matches(expected: ["a", "b"], actual: ["a", "c"]))
        #expect(!TranscriptMatcher.matches(expected: ["a"], actual: ["a", "extra"]))
        #expect(!TranscriptMatcher.matches(expected: ["a", "missing"], actual: ["a"]))
    }

    @Test func ellipsisSkipsAnyNumberOfLines() {
        #expect(TranscriptMatcher.matches(expected: ["a", "...", "z"], actual: ["a", "z"]))
        #expect(TranscriptMatcher.matches(expected: ["a", "...", "z"], actual: ["a", "b", "c", "z"]))
        #expect(!TranscriptMatcher.matches(expected: ["a", "...", "z"], actual: ["a", "b"]))
    }

    @Test func placeholdersMatchTheirShapesOnly() {
        #expect(TranscriptMatcher.lineMatches("Document [ID] at [TIMESTAMP]", "Document 42 at 2026-01-02T09:00:00Z"))
        #expect(TranscriptMatcher.lineMatches("id [ID]", "id 0D5C3F9E-2C53-4B6A-9A77-1B2C3D4E5F60"))
        #expect(!TranscriptMatcher.lineMatches("Document [ID]", "Document forty-two"))
        #expect(!TranscriptMatcher.lineMatches("at [TIMESTAMP]", "at yesterday"))
        #expect(TranscriptMatcher.lineMatches("took [..] ms (a.b)", "took 12.5 ms (a.b)"))
        #expect(!TranscriptMatcher.lineMatches("(a.b)", "(axb)"))
    }

    @Test func diffMarksExpectedAndActualLines() {
        let diff = TranscriptMatcher.diff(expected: ["a", "b", "c"], actual: ["a", "x", "c"])
        #expect(diff == " a\n-b\n+x\n c")
    }

    @Test func updatingKeepsPlaceholdersThatStillMatch() {
        let updated = TranscriptMatcher.updated(expected: ["id [ID]", "old", "end"], actual: ["id 7", "new", "end"])
        #expect(updated == ["id [ID]", "new", "end"])
        // A `...` keeps standing for what falls where it stood; new lines elsewhere are written out.
        let keeps = TranscriptMatcher.updated(
            expected: ["Users", "", "...", "Cache"], actual: ["Files", "Users", "", "Recipes", "Cache"])
        #expect(keeps == ["Files", "Users", "", "...", "Cache"])
        #expect(TranscriptMatcher.updated(expected: ["a", "...", "b"], actual: ["a", "b"]) == ["a", "...", "b"])
    }

    @Test func blocksAreFoundWithArgumentsStatusAndIgnoredOnesSkipped() {
        let text = """
            # Title
            ```repl --format json
            strata> docs list
            {"count":3}
            ? 1
            ```
            ```repl ignore
            strata> quit
            ```
            ```swift
            let x = 1
            ```
            """
        let blocks = TranscriptCatalog.blocks(in: text, file: URL(fileURLWithPath: "/tmp/x.md"))
        #expect(blocks.count == 1)
        #expect(blocks.first?.arguments == ["--format", "json"])
        #expect(blocks.first?.input == ["docs list"])
        #expect(blocks.first?.expectedStatus == 1)
        #expect(blocks.first?.expected == ["strata> docs list", #"{"count":3}"#])
        #expect(blocks.first?.fileLine(ofContentIndex: 1) == 4)
    }

    @Test func aSecretLineIsTypedAndPutBackAfterTheCommandThatReadIt() throws {
        let block = TranscriptBlock(
            file: URL(fileURLWithPath: "/docs/SignIn.md"), fenceLine: 1, arguments: [],
            content: [
                "strata> login ada --password-stdin", "~ type s3cret", "Signed in as ada.", "strata> whoami",
                "Signed in as ada.",
            ])
        let segment = try #require(block.segments.first)
        #expect(block.input == ["login ada --password-stdin", "s3cret", "whoami"])
        #expect(segment.secret == [1])
        // The REPL echoes the commands, never the secret line: the replay puts it back in place
        let output = ["strata> login ada --password-stdin", "Signed in as ada.", "strata> whoami", "Signed in as ada."]
        #expect(segment.withSecretLines(output) == block.expected)
    }

    @Test func aChangedLineIsReportedWithFileLineAndDiff() {
        let block = TranscriptBlock(
            file: URL(fileURLWithPath: "/docs/Guide.md"), fenceLine: 10, arguments: [],
            content: ["strata> docs show 1", "Document 2"]
        )
        let replay = TranscriptRunner.Replay(lines: ["strata> docs show 1", "Document 1"], status: 0)
        let message = TranscriptRunner.mismatch(block, replay)
        #expect(message?.hasPrefix("/docs/Guide.md:12: ") == true)
        #expect(message?.contains("-Document 2\n+Document 1") == true)
        let wrongStatus = TranscriptRunner.Replay(lines: ["strata> docs show 1", "Document 2"], status: 1)
        #expect(TranscriptRunner.mismatch(block, wrongStatus)?.contains("exit status 1") == true)
    }
}

@Suite("Transcript blocks")
struct TranscriptBlockTests {
    @Test(
        arguments: [
            ("strata> docs list", "docs list"), ("strata[editor:1]> save", "save"), ("strata[list:a b]> x", "x"),
            ("..> more", "more"), ("strata (offline) (2 pending)> sync", "sync"), ("strata[list] (offline)> x", "x"),
            ("strata>docs", nil), ("Strata 0.1", nil), ("strata[editor:1 save", nil),
        ] as [(String, String?)])
    func inputLinesAreThoseAfterAPrompt(line: String, typed: String?) {
        #expect(TranscriptBlock.typed(line) == typed)
    }

    @Test func restartLinesSplitTheInputIntoProcesses() {
        let block = TranscriptBlock(
            file: URL(fileURLWithPath: "/x.md"), fenceLine: 1, arguments: [],
            content: ["strata> a", "out", "~ restart", "strata[s]> b", "strata> c"])
        #expect(block.segments.map(\.lines) == [["a"], ["b", "c"]])
    }

    @Test func deviceLinesSwitchTheHomeAndRestartsKeepIt() {
        let block = TranscriptBlock(
            file: URL(fileURLWithPath: "/x.md"), fenceLine: 1, arguments: [],
            content: ["~ device phone", "strata> a", "~ device laptop", "strata> b", "~ restart", "strata> c"])
        #expect(block.hasDevices)
        #expect(block.segments.map(\.lines) == [["a"], ["b"], ["c"]])
        #expect(block.segments.map(\.device) == ["phone", "laptop", "laptop"])
        #expect(block.segments.map(\.marker) == ["~ device phone", "~ device laptop", "~ restart"])
    }
}
