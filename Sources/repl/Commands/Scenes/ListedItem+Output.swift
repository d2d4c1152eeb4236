import Domain
import Presentation
import ShellKit

/// A collection's items in a scene and where they came from (`nil` when the list is empty): the
/// identifier, each field and the version, counted with the collection's own noun.
struct ListedItemsOutput: CommandRendering {
    let items: [ListedItem]
    let provenance: Provenance?
    let noun: Noun

    func table(styling: Styling) -> String? {
        ListTable.table(
            header: ["ID"] + (items.first?.fields.map { $0.name.uppercased() } ?? []) + ["VERSION"],
            rows: items.map(Self.cells), noun: noun, provenance: provenance, styling: styling)
    }

    func plain() -> String? { ListTable.plain(items.map(Self.cells)) }

    func json() -> String {
        JSONOutput.encode([
            "items": items.map { item in
                [["id": String(item.id)]] + item.fields.map { [$0.name: $0.text] } + [["version": String(item.version)]]
            }.map { $0.reduce(into: [String: String]()) { $0.merge($1) { first, _ in first } } }
        ])
    }

    private static func cells(_ item: ListedItem) -> [String] {
        [String(item.id)] + item.fields.map(\.text) + [String(item.version)]
    }
}
