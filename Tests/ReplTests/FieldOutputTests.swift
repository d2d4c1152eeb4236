import Domain
import Foundation
import ShellKit
import TestSupport
import Testing

@testable import repl

/// A generated feature's items and lists print as documents' do, in every format: one page of a
/// list says where the next one starts, so a script that reads plain output or JSON can page too.
@Suite("Field output")
struct FieldOutputTests {
    /// The least a generated feature's item is: one field, and what every item carries.
    nonisolated struct Pebble: FieldRendering {
        static let noun = Noun(one: "pebble", many: "pebbles")
        let id: ItemID<Pebble>
        let name: String
        let createdAt = Date(timeIntervalSince1970: 0)
        var updatedAt = Date(timeIntervalSince1970: 0)
        let version = 1
        var syncState = SyncState.synced

        var fieldValues: [(name: String, value: RecordValue)] { [("name", Self.value(name))] }
    }

    let pebbles = [Pebble(id: 2, name: "flint"), Pebble(id: 1, name: "chalk")]
    func plain(page: PageCursor??) -> String? {
        FieldListOutput(items: pebbles, provenance: nil, page: page).plain()
    }

    @Test func aPageInPlainOutputEndsWithWhereTheNextStartsAsADocumentsPageDoes() throws {
        let cursor = try #require(PageCursor(rawValue: "d1.next"))
        let rows = "2\tflint\t1\t1970-01-01T00:00:00Z\n1\tchalk\t1\t1970-01-01T00:00:00Z"
        #expect(plain(page: .some(cursor)) == rows + "\nnext: d1.next")
        #expect(plain(page: .some(nil)) == rows + "\nend of the list")
        #expect(plain(page: nil) == rows, "a whole list has no page line")
        let documents = DocumentListOutput(items: [], provenance: nil, page: .init(next: cursor)).plain()
        #expect(documents == "next: d1.next")
        #expect(FieldListOutput<Pebble>(items: [], provenance: nil, page: .some(cursor)).plain() == documents)
    }

    /// The JSON of a page names the next cursor, `null` after the last page, and whether the page
    /// is the last, for documents and every feature alike; a whole list has neither.
    @Test func aPageInJSONSaysWhereTheNextStartsAndWhetherItIsTheLastAsADocumentsPageDoes() throws {
        let cursor = try #require(PageCursor(rawValue: "d1.next"))
        func members(_ json: String) throws -> [String: String] {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            return object.filter { ["next", "pageEnd"].contains($0.key) }.mapValues { "\($0)" }
        }
        for (page, expected) in [
            (cursor, ["next": "d1.next", "pageEnd": "0"]), (nil, ["next": "<null>", "pageEnd": "1"]),
        ] {
            let feature = FieldListOutput(items: pebbles, provenance: nil, page: .some(page)).json()
            let documents = DocumentListOutput(items: [], provenance: nil, page: .init(next: page)).json()
            #expect(try members(feature) == expected)
            #expect(try members(documents) == expected)
        }
        #expect(try members(FieldListOutput(items: pebbles, provenance: nil, page: nil).json()).isEmpty)
        #expect(try members(DocumentListOutput(items: [], provenance: nil, page: nil).json()).isEmpty)
    }

    /// One item in plain output is its list row: the fields, the version and when it last changed,
    /// as a document's is.
    @Test func anItemInPlainOutputIsItsListRow() {
        let list = FieldListOutput(items: [pebbles[0]], provenance: nil, page: nil).plain()
        #expect(FieldItemOutput(item: pebbles[0], provenance: nil).plain() == list)
    }
}
