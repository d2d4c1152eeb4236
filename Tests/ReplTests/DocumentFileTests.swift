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
        try ExportFile.contents(of: FakeData.completeDocument).write(to: file)
        #expect(try ImportFile.read(file.path) == [DocumentDraft(FakeData.completeDocument)])
    }

    @Test func theJSONOutputNamesEveryFieldOfTheDocument() throws {
        let json = DocumentOutput(document: FakeData.completeDocument, provenance: nil).json()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let fields = Mirror(reflecting: FakeData.completeDocument).children.compactMap(\.label)
        #expect(Set(fields).isSubset(of: object.keys), "missing: \(Set(fields).subtracting(object.keys).sorted())")
    }
}
