import Domain
import Foundation
import Platform
import Scenes
import ShellKit
import TestSupport
import Testing

@testable import repl

/// What the shell writes of a document and reads back: every field, in the export file and in the
/// JSON output.
@Suite("A document's fields in the shell's files and JSON")
struct DocumentFileTests {
    @Test func anExportedDocumentImportsWithEveryField() throws {
        let folder = try ScratchFolder()
        let file = folder.url.appendingPathComponent("exported.json")
        try ExportFile.contents(FakeData.completeDocument.fileRecord).write(to: file)
        let drafts = try ItemFiles.drafts(
            inFile: ImportSource(path: file.path, name: "exported.json"), noun: Noun.documents, article: "a",
            fields: DocumentField.allCases.map(\.rawValue),
            draft: DocumentCommands.draft)
        #expect(drafts.map(\.draft) == [DocumentDraft(FakeData.completeDocument)])
        #expect(drafts.map(\.place.description) == ["exported.json, line 1"], "an export file is one JSON object")
    }

    /// An editor window's `edit field` reads what the window shows: each field of a document
    /// typed into a blank draft as its text gives that field's value, and no other field changes.
    @Test func everyFieldTypedInAnEditorWindowAsItIsShownGivesItsValue() throws {
        let complete = FakeData.completeDocument.content
        for (name, value) in complete.fieldValues {
            let field = try #require(DocumentField(rawValue: name))
            let typed = try #require(try DocumentCommands.draft(.empty, typing: value.text, into: name))
            var expected = DocumentDraft.empty
            field.copy(from: complete, to: &expected)
            #expect(typed == expected, "\(name)")
        }
        #expect(try DocumentCommands.draft(.empty, typing: "x", into: "teapot") == nil)
    }

    /// A title becomes a name a file system holds: 100 CJK characters (300 bytes) passed the old
    /// 100-character cut and the export failed with "File name too long".
    @Test(
        arguments: [
            (String(repeating: "日", count: 200), String(repeating: "日", count: 66) + ".json"),
            (String(repeating: "L", count: 150), String(repeating: "L", count: 100) + ".json"),
            ("a/b\u{1B}[2J\nc", "a-b-[2J-c.json"), ("..", "document-7.json"), ("  Notes  ", "Notes.json"),
            // By Unicode scalars: a mark after `/` or `.` made one character of them, and the export
            // failed on a folder that was not there, or hid the file.
            ("a/\u{301}b", "a-b.json"), (".profile", "profile.json"), (". Notes", "Notes.json"),
            (".\u{301}x", "\u{301}x.json"),
        ])
    func aTitleBecomesAFileName(title: String, name: String) throws {
        let document = FakeData.document(id: 7, title: title, body: "", createdAt: Date(), updatedAt: Date())
        #expect(ExportFile.name(for: document) == name)
        let folder = try ScratchFolder()
        try Data().write(
            to: folder.url.appendingPathComponent(name.replacingOccurrences(of: ".json", with: "-10.json")))
    }

    /// A document's editor window shows every field of its draft: a row each but the body, which
    /// goes under them, and a JSON member each.
    ///
    /// Each field the draft changed is marked, as an item editor marks it, and listed in the
    /// JSON's `changed`.
    @Test func anEditorWindowShowsEveryFieldOfItsDraft() async throws {
        let scenes = SceneApplication.strata(
            documents: FakeDocumentRepository(), users: FakeUserRepository(), sync: FakeSyncRepository(),
            store: InMemorySceneStateStore())
        let session = try await scenes.requestSceneSessionActivation(nil, userActivity: .documentEdit(.opening(nil)))
        let window = try #require(session.scene?.delegate as? DocumentEditorSceneDelegate)
        let untouched = try Self.shown(SceneOutput.editor(session, window))
        #expect(!untouched.table.contains("(changed)"))
        #expect(untouched.object["changed"] as? [String] == [])
        let complete = FakeData.completeDocument.content
        window.replaceDraft(with: complete)
        let (object, table) = try Self.shown(SceneOutput.editor(session, window))
        let rows = table.split(separator: "\n").map(String.init)
        for (name, value) in complete.fieldValues {
            #expect(object[name] != nil, "the JSON lacks \(name)")
            let shown = name == DocumentField.body.rawValue ? "\n\n\(value.text)" : "\(name) "
            #expect(table.contains(shown), "the table lacks \(name)")
            #expect(rows.contains { $0.hasPrefix(name + " ") && $0.hasSuffix("(changed)") }, "\(name) is not marked")
        }
        #expect(object["changed"] as? [String] == DocumentField.allCases.map(\.rawValue))
    }

    /// An editor view's JSON object and its table without styling.
    private static func shown(_ output: CommandOutput) throws -> (object: [String: Any], table: String) {
        guard case .rendered(let view) = output else { throw CommandFailure("the editor printed no view") }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(view.json().utf8)) as? [String: Any])
        return (object, try #require(view.table(styling: Styling(isEnabled: false))))
    }

    /// Every field is in the JSON under its name, and a text, number or list of texts holds the
    /// document's value (a field printed as a constant fails too).
    @Test func theJSONOutputHasEveryFieldOfTheDocument() throws {
        let json = DocumentOutput(document: FakeData.completeDocument, provenance: nil).json()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        for (name, value) in FakeData.everyField(of: FakeData.completeDocument) {
            #expect(object[name] != nil, "the JSON lacks \(name)")
            switch value {
            case let text as String: #expect(object[name] as? String == text, "\(name)")
            case let number as Int: #expect(object[name] as? Int == number, "\(name)")
            case let texts as [String]: #expect(object[name] as? [String] == texts, "\(name)")
            default: break
            }
        }
    }
}
