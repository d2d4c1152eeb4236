import Domain
import Foundation
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
            inFile: file.path, noun: Noun.documents, article: "a", fields: DocumentField.allCases.map(\.rawValue),
            draft: DocumentCommands.draft)
        #expect(drafts == [DocumentDraft(FakeData.completeDocument)])
    }

    /// A title becomes a name a file system holds: 100 CJK characters (300 bytes) passed the old
    /// 100-character cut and the export failed with "File name too long".
    @Test(
        arguments: [
            (String(repeating: "日", count: 200), String(repeating: "日", count: 66) + ".json"),
            (String(repeating: "L", count: 150), String(repeating: "L", count: 100) + ".json"),
            ("a/b\u{1B}[2J\nc", "a-b-[2J-c.json"), ("..", "document-7.json"), ("  Notes  ", "Notes.json"),
        ])
    func aTitleBecomesAFileName(title: String, name: String) throws {
        let document = FakeData.document(id: 7, title: title, body: "", createdAt: Date(), updatedAt: Date())
        #expect(ExportFile.name(for: document) == name)
        let folder = try ScratchFolder()
        try Data().write(
            to: folder.url.appendingPathComponent(name.replacingOccurrences(of: ".json", with: "-10.json")))
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
