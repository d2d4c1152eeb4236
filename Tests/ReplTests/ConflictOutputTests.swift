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
        local: FakeData.side(
            version: 3,
            fields: [
                .init(name: "amount", value: .number("12.5")), .init(name: "tags", value: .list(["food", "travel"])),
            ]),
        remote: nil)

    /// A document's version as the sync layer hands it over: its fields by name, as it sends them.
    func side(_ document: Document) -> ItemConflict.Side {
        ItemConflict.Side(
            version: document.version, createdAt: document.createdAt, updatedAt: document.updatedAt,
            fields: document.fieldValues.map { ItemConflict.Field(name: $0.name, value: $0.value) })
    }

    /// A conflict of `local` (nil: deleted here) and `remote` (nil: deleted on the server).
    func conflict(_ entryId: Int, _ id: Document.ID, local: Document?, remote: Document?) -> ItemConflict {
        ItemConflict(
            entryId: entryId, collection: QueuedChange.documents, itemId: id.rawValue, operation: .update,
            local: local.map(side), remote: remote.map(side))
    }

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
            SyncOutput.conflicts([conflict(1, document, local: local, remote: nil), item]))
        let rows = try #require(listed.plain()).split(separator: "\n")
        #expect(rows == ["1\tdocuments\t2\tLayer rules\t(deleted)", "4\texpenses\t7\t12.5\t(deleted)"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(listed.json().utf8)) as? [String: Any])
        let conflicts = try #require(json["conflicts"] as? [[String: Any]])
        #expect(conflicts[0]["documentId"] as? Int == 2 && conflicts[0]["collection"] as? String == "documents")
        #expect(conflicts[1]["documentId"] == nil && conflicts[1]["itemId"] as? Int == 7)
        let fields = try #require(conflicts[1]["local"] as? [String: Any])
        // Typed as the item's own JSON gives them, so a side reads back as `expense show --json` does
        #expect(fields["amount"] as? Double == 12.5 && fields["tags"] as? [String] == ["food", "travel"])
        #expect(
            fields["version"] as? Int == 3 && fields["id"] as? Int == 7 && fields["syncState"] as? String == "conflict")
        #expect(fields.count == 7, "its fields, then what every item has beside them")
    }

    /// A document's side of a conflict in JSON is the document as `docs show --json` gives it
    /// (bar where it was read from): a contract, which reading documents' conflicts as any
    /// collection's fields keeps.
    @Test func eachSideOfADocumentsConflictIsTheDocumentsJSON() throws {
        var local = FakeData.completeDocument
        local.syncState = .conflict
        var remote = FakeData.completeDocument
        remote.content.body = "theirs"
        remote.version = 5
        let shown = try rendering(SyncOutput.conflict(conflict(5, local.id, local: local, remote: remote))).json()
        let json = try #require(try JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [String: Any])
        for (name, document) in [("local", local), ("remote", remote)] {
            let expected = try JSONSerialization.jsonObject(with: Data(JSONOutput.encode(document.json).utf8))
            #expect((json[name] as? NSDictionary) == (expected as? NSDictionary), "\(name)")
        }
        #expect(json["documentId"] as? Int == 7 && json["itemId"] as? Int == 7 && json["id"] as? Int == 5)
    }

    /// Each side of a document's conflict shows every field.
    ///
    /// A conflict on the tags alone showed two identical versions: the title and the body. Each
    /// side now names every field: the title in its heading, each other field on a line of
    /// its own, and the body under them.
    @Test func showingADocumentsConflictPrintsEveryFieldOfBothVersions() throws {
        let local = FakeData.completeDocument
        var remote = local
        remote.content.tags = ["three"]
        remote.content.body = ""
        let shown = try #require(
            try rendering(SyncOutput.conflict(conflict(5, remote.id, local: local, remote: remote))).plain())
        #expect(shown.hasPrefix("Conflict 5 on document 7\n\nlocal (version 4): Every field\n"))
        let sides = shown.components(separatedBy: "\n\nremote ")
        try #require(sides.count == 2)
        let apart: Set = [DocumentField.title.rawValue, DocumentField.body.rawValue]
        for (side, document) in zip(sides, [local, remote]) {
            #expect(side.contains("(version 4): \(document.title)\n"))
            for (name, text) in document.fieldTexts where !apart.contains(name) {
                #expect(side.contains("\n  \(name): \(text)"), "\(name)")
            }
            #expect(document.body.isEmpty || side.hasSuffix("\n\n\(document.body)"))
        }
        #expect(!sides[1].contains("\n\n"), "the remote side has no body")
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

    /// A field without a value is its name alone on its line: no line of a conflict ends in a
    /// space (it printed `  note: `, with one after the colon).
    @Test func aFieldWithoutAValueEndsItsLineAtTheColon() throws {
        let empty = ItemConflict(
            entryId: 1, collection: "expenses", itemId: 1, operation: .update,
            local: FakeData.side(
                version: 1, fields: [.init(name: "note", value: .null), .init(name: "tags", value: .list([]))]),
            remote: FakeData.side(version: 2, fields: [.init(name: "note", value: .text("theirs"))]))
        var document = FakeData.completeDocument
        document.content.tags = []
        let shown = [
            try rendering(SyncOutput.conflict(empty)).plain(),
            try rendering(
                SyncOutput.conflict(conflict(2, document.id, local: document, remote: document))
            ).plain(),
        ]
        for text in shown {
            let lines = try #require(text).split(separator: "\n")
            #expect(lines.allSatisfy { !$0.hasSuffix(" ") }, "\(lines)")
        }
        #expect(try #require(shown[0]).contains("\n  note:\n  tags:\n\nremote (version 2):\n  note: theirs"))
        #expect(try #require(shown[1]).contains("\n  tags:\n"))
    }
}
