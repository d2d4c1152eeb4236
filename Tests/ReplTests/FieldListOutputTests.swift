import Domain
import Foundation
import ShellKit
import TestSupport
import Testing

@testable import repl

/// A generated feature's lists print as documents' do, in every format: one page of a list says
/// where the next one starts, so a script that reads plain output can page too.
@Suite("Field list output")
struct FieldListOutputTests {
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
}
