import Foundation
import TestSupport
import Testing

/// Every malformed line gives one error line, changes nothing, and never crashes the process.
@Suite("Bad input, as a process")
nonisolated struct BadInputTests {
    let repl = ReplProcess.built()

    static let cases: [(name: String, line: [UInt8], error: String)] = [
        ("unknown flag", Array("docs new x --colour red".utf8), "unknown flag '--colour' for 'docs new'"),
        ("missing argument", Array("docs show".utf8), "missing ID (usage: docs show ID [--policy POLICY])"),
        ("non-numeric id", Array("docs delete one".utf8), "invalid id 'one'"),
        ("zero id", Array("docs delete 0".utf8), "Invalid document id 0"),
        ("unknown local id", Array("docs delete -1".utf8), "Document -1 was not found"),
        ("huge number", Array("docs show 99999999999999999999999".utf8), "invalid id '99999999999999999999999'"),
        (
            "10 MB line", Array("docs new ".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 10_000_000),
            "line too long"
        ),
        ("invalid UTF-8", Array("docs new ".utf8) + [0xC3, 0x28, 0xFF], "not valid UTF-8"),
        ("control character", Array("docs new a".utf8) + [0x1B] + Array("[2Jb".utf8), "control character (0x1B)"),
        ("NUL byte", Array("docs new a".utf8) + [0x00] + Array("b".utf8), "control character (0x0)"),
        ("over-long title", Array(("docs new " + String(repeating: "t", count: 201)).utf8), "The title is too long"),
        ("too many tags", Array(("docs new t" + String(repeating: " --tag x", count: 21)).utf8), "Too many tags"),
        // A quoted word may span lines; the message that quotes it stays on one line.
        ("a name spanning lines", Array("docs import 'no\nsuch.json'".utf8), "cannot read file 'no\u{240A}such.json'"),
        // A path that names no file of the app's Documents/ is read as given, and said so.
        ("the Documents folder itself", Array("docs import Documents/".utf8), "cannot read file 'Documents/'"),
        // A blank name is refused as the sign-in would refuse it, before any password is asked.
        ("sign-in without a name", Array("login ' '".utf8), "A name is required ('login NAME')"),
        ("merge without a body", Array("conflicts resolve 1 --keep merged".utf8), "--keep merged needs --body TEXT"),
        (
            "body without a merge", Array("conflicts resolve 1 --keep local --body x".utf8),
            "--body goes with --keep merged only"
        ),
        ("conflict that is no entry", Array("conflicts show 7".utf8), "No conflict 7 (see 'conflicts list')"),
        ("outbox entry that is none", Array("outbox retry 7".utf8), "No outbox entry 7 (see 'outbox list')"),
        // It named no task to give instead.
        (
            "background task of another name", Array("bg run sync".utf8),
            "No background task is registered as 'sync': give refresh, maintenance or a TASK 'bg list' shows"
        ),
        ("server edit of nothing", Array("server edit 1".utf8), "missing --body TEXT or --fields JSON"),
        ("server edit both ways", Array(#"server edit 1 --body x --fields '{"title":"y"}'"#.utf8), "not both"),
        (
            "server edit of no collection", Array("server edit 1 --collection teapots --body x".utf8),
            "No collection 'teapots'"
        ),
        (
            "server edit of no document", Array("server edit 99 --body x".utf8),
            "the server cannot change document 99: document 99 not found"
        ),
        ("server edit not an object", Array("server edit 1 --fields '[1]'".utf8), "the fields must be a JSON object"),
        ("server edit refused", Array(#"server edit 1 --fields '{"title":" "}'"#.utf8), "the server refused (422)"),
    ]

    @Test("One error line, nothing changed, process intact", arguments: cases.map(\.name))
    func badLine(name: String) async throws {
        let bad = try #require(Self.cases.first { $0.name == name })
        // Given a bad line between two listings, when the script runs,
        var input = Array("docs list\n".utf8)
        input += bad.line + [UInt8(ascii: "\n")]
        input += Array("docs list\n".utf8)
        let outcome = try await repl.run(["--format", "plain"], input: Data(input))
        // then exactly one error names line 2, and both listings are identical.
        #expect(outcome.status == 1)
        let errors = outcome.stderr.split(separator: "\n")
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("error: line 2: ") == true)
        #expect(outcome.stderr.contains(bad.error), "stderr was: \(outcome.stderr.prefix(200))")
        let listings = outcome.stdout.split(separator: "\n")
        #expect(listings.count == 6)
        #expect(Array(listings.prefix(3)) == Array(listings.suffix(3)))
    }

    @Test func aQuoteLeftOpenAtTheEndOfInputIsOneErrorAfterTheLinesBeforeRan() async throws {
        let outcome = try await repl.run(lines: ["docs delete 3", #"docs new "open"#, "docs list"])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.hasPrefix("Deleted document 3.\n"))
        #expect(outcome.stderr == "error: line 2: unterminated \" quote at end of input\n")
    }

    @Test func aTrailingBackslashOrAnOpenQuoteContinuesTheEntry() async throws {
        let outcome = try await repl.run(
            lines: [#"docs new Two \"#, #"  lines --body "first"#, #"second""#], arguments: ["--format", "plain"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.hasPrefix("4\tTwo lines\t"))
        #expect(outcome.stdout.hasSuffix("\nfirst\nsecond\n"))
    }

    @Test func aFinalLineWithoutNewlineStillRuns() async throws {
        let outcome = try await repl.run(["--format", "plain"], input: Data("docs delete 1".utf8))
        #expect(outcome.status == 0 && outcome.stdout == "1\n")
    }
}
