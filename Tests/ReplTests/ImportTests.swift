import Domain
import Foundation
import TestSupport
import Testing

/// `docs import`: all or nothing for bad files, progress only on a terminal.
@Suite("Import, as a process")
nonisolated struct ImportTests {
    /// A document's fields as an import's refusal lists them, quoted, by name.
    static let documentFields = DocumentField.allCases.map { "\"\($0.rawValue)\"" }.sorted().joined(separator: ", ")

    let repl = ReplProcess.built()

    func file(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-import-\(UUID().uuidString)")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func aThousandJSONLinesImportWithoutProgressOnAPipe() async throws {
        let lines = (1...1000).map { #"{"title": "Note \#($0)", "tags": ["bulk"]}"# }
        let url = try file(lines.joined(separator: "\n") + "\n")
        defer { try? FileManager.default.removeItem(at: url) }
        let outcome = try await repl.run(lines: ["docs import \(url.path)", "docs search bulk"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.hasPrefix("Imported 1000 documents.\n"))
        #expect(outcome.stdout.contains("1000 documents (network, fresh)"))
        #expect(outcome.stderr.isEmpty)
    }

    @Test func aJSONArrayImportsToo() async throws {
        let url = try file(#"[{"title": "One", "body": "b"}, {"title": "Two", "tags": ["x"]}]"#)
        defer { try? FileManager.default.removeItem(at: url) }
        let outcome = try await repl.run(
            lines: ["docs import \(url.path)", "docs show 5"], arguments: ["--format", "plain"])
        #expect(outcome.stdout.hasPrefix("Imported 2 documents.\n5\tTwo\tx\t"))
    }

    @Test(arguments: [
        (#"{"title": "ok"}"# + "\n{\"title\": 3}\n", "error: line 1: FILE, line 2: title needs text"),
        (#"[{"title": "ok"}, {"body": "no title"}]"#, "error: line 1: FILE, record 2: missing title"),
        (#"[{"title": "ok"}, {"title": "t", "tags": "x"}]"#, "error: line 1: FILE, record 2: tags needs a list"),
        (
            #"[{"title": "ok"}, {"title": "t", "tags": [1]}]"#,
            "error: line 1: FILE, record 2: tags holds a value that does not fit"
        ),
        (#"{"title": "ok"}"# + "\n[\"t\"]\n", "error: line 1: FILE, line 2: not a document"),
        (
            #"[{"title": "ok"}, {"title": "  "}]"#,
            "error: line 1: FILE, record 2: The title can't be empty (0 of 2 imported)"
        ),
        // A rule's refusal names the line, as a reading error does: the blank line 2 is skipped.
        (
            #"{"title": "ok"}"# + "\n\n" + #"{"title": "  "}"#,
            "error: line 1: FILE, line 3: The title can't be empty (0 of 2 imported)"
        ),
        ("[1, 2", "error: line 1: not a JSON array of documents"),
        (
            #"{"title": "ok"}"# + "\n" + #"{"title": "A\u0000B"}"#,
            "error: line 1: FILE, line 2: The title can't contain the character U+0000 (0 of 2 imported)"
        ),
        // A member the format does not have would be dropped while the import said it was done.
        (
            #"{"title": "ok"}"# + "\n" + #"{"title": "x", "tag": ["home"]}"#,
            #"error: line 1: FILE, line 2: unknown field "tag" (a document has \#(ImportTests.documentFields))"#
        ),
        (#"[{"title": "ok"}, {"title": "x", "zz": 1}]"#, #"error: line 1: FILE, record 2: unknown field "zz""#),
    ])
    func aBadFileImportsNothing(content: String, error: String) async throws {
        let url = try file(content)
        defer { try? FileManager.default.removeItem(at: url) }
        let outcome = try await repl.run(lines: ["docs import \(url.path)", "docs list"])
        #expect(outcome.status == 1)
        // The file is named: "line 1: line 2:" said nothing of which line 2 was the file's.
        #expect(outcome.stderr.hasPrefix(error.replacingOccurrences(of: "FILE", with: url.path)), "\(outcome.stderr)")
        #expect(outcome.stdout.hasSuffix("3 documents (network, fresh)\n"))
    }

    /// A title or body that carries terminal controls (a screen clear, a clipboard write, a carriage
    /// return hiding the start of the line) is stored as it came and shown, not obeyed.
    @Test func controlCharactersInADocumentAreShownNotObeyed() async throws {
        let url = try file(#"{"title": "a\u001b]52;c;eA==\u0007b", "body": "ok\rhidden\u001b[2J"}"# + "\n")
        defer { try? FileManager.default.removeItem(at: url) }
        let outcome = try await repl.run(
            lines: ["docs import \(url.path)", "docs show 4", "docs list --limit 1"], arguments: ["--color", "always"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("a␛]52;c;eA==␇b") && outcome.stdout.contains("ok␍hidden␛[2J"))
        let controls = outcome.stdout.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" && $0 != "\u{1B}" }
        #expect(controls.isEmpty, "\(controls.map(\.value))")
        #expect(!outcome.stdout.contains("\u{1B}]") && !outcome.stdout.contains("\u{1B}[2J"))
        #expect(outcome.stdout.contains("\u{1B}[1mID"), "the list's header is still bold")
    }
}
