import Domain
import Foundation
import ShellKit
import TestSupport
import Testing

@testable import repl

/// `conflicts list` and `conflicts show` for a feature's item: the sync layer hands over fields by
/// name, and the shell shows both versions beside a document's conflicts, in the order they arose.
@Suite("Conflict output")
struct ConflictOutputTests {
    let item = ItemConflict(
        entryId: 4, collection: "expenses", itemId: 7, operation: .update,
        local: .init(
            version: 3, fields: [.init(name: "amount", value: "12.5"), .init(name: "tags", value: "food, travel")]),
        remote: nil)

    func rendering(_ output: CommandOutput) throws -> any CommandRendering {
        guard case .rendered(let rendering) = output else { throw CommandFailure("not rendered") }
        return rendering
    }

    @Test func aFeaturesConflictIsListedUnderItsCollectionAfterAnEarlierDocumentsOne() throws {
        let document = try #require(Document.ID.server(2))
        let local = FakeData.document(
            id: document.rawValue, title: "Layer rules", body: "b", createdAt: Date(timeIntervalSince1970: 0),
            updatedAt: Date(timeIntervalSince1970: 0))
        let listed = try rendering(
            SyncOutput.conflicts(
                [DocumentConflict(entryId: 1, documentId: document, local: local, remote: nil)], [item]))
        let rows = try #require(listed.plain()).split(separator: "\n")
        #expect(rows == ["1\tdocuments\t2\tLayer rules\t(deleted)", "4\texpenses\t7\t12.5\t(deleted)"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(listed.json().utf8)) as? [String: Any])
        let conflicts = try #require(json["conflicts"] as? [[String: Any]])
        #expect(conflicts[0]["documentId"] as? Int == 2 && conflicts[0]["collection"] as? String == "documents")
        #expect(conflicts[1]["documentId"] == nil && conflicts[1]["itemId"] as? Int == 7)
        let fields = try #require(conflicts[1]["local"] as? [String: Any])
        #expect(fields["amount"] as? String == "12.5" && fields["tags"] as? String == "food, travel")
        #expect(fields["version"] as? Int == 3 && fields.count == 3, "its fields and its version number")
    }

    /// A conflict on a document's tags alone showed two identical versions: the title and the body.
    @Test func showingADocumentsConflictPrintsEveryFieldOfBothVersions() throws {
        var remote = FakeData.completeDocument
        remote.content.tags = ["three"]
        remote.content.body = ""
        let conflict = DocumentConflict(
            entryId: 5, documentId: remote.id, local: FakeData.completeDocument, remote: remote)
        let shown = try rendering(SyncOutput.conflict(conflict))
        #expect(
            shown.plain() == """
                Conflict 5 on document 7

                local (version 4): Every field
                  tags: one, two

                A body, with é and 🙂

                remote (version 4): Every field
                  tags: three
                """)
    }

    @Test func showingAFeaturesConflictPrintsBothVersionsFieldByField() throws {
        let shown = try rendering(SyncOutput.conflict(item))
        #expect(
            shown.plain() == """
                Conflict 4 on expenses item 7

                local (version 3):
                  amount: 12.5
                  tags: food, travel

                remote: deleted on the server
                """)
    }
}
