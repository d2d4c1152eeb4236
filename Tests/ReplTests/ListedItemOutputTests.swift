import Domain
import Foundation
import Presentation
import ShellKit
import TestSupport
import Testing

@testable import repl

/// A feature's items in a scene read as its commands print them: the list has the `UPDATED`
/// column of `list`, the page the `created` and `updated` rows of `show`.
@Suite("A feature's items in a scene")
struct ListedItemOutputTests {
    let item = ListedItem(
        id: 3, fields: [.init(name: "title", text: "Soup")], version: 2, createdAt: FakeData.date,
        updatedAt: FakeData.date.addingTimeInterval(60), syncState: .synced)

    @Test func theListShowsWhenEachItemLastChanged() throws {
        let output = ListedItemsOutput(
            items: [item], provenance: Provenance(origin: .disk),
            noun: Noun(one: "recipe", many: "recipes"))
        let table = try #require(output.table(styling: Styling(isEnabled: false)))
        #expect(table.hasPrefix("ID  TITLE  VERSION  UPDATED\n3   Soup   2        2026-03-01T12:01:00Z\n"), "\(table)")
        #expect(output.json().contains(#""updatedAt":"2026-03-01T12:01:00Z""#), "\(output.json())")
    }

    @Test func thePageShowsWhenTheItemWasMadeAndChanged() throws {
        let output = ListedItemOutput(
            item: item, provenance: Provenance(origin: .memory), title: "Recipe 3")
        let table = try #require(output.table(styling: Styling(isEnabled: false)))
        #expect(table.contains("created  2026-03-01T12:00:00Z\nupdated  2026-03-01T12:01:00Z\n"), "\(table)")
        #expect(output.json().contains(#""createdAt":"2026-03-01T12:00:00Z""#), "\(output.json())")
    }
}
