import Domain
import Presentation
import ShellKit

extension ListedItem: ListRendering {
    /// A collection's items as a scene lists them: the identifier, then each field.
    static func listOutput(_ items: [ListedItem], provenance: Provenance?) -> CommandOutput {
        .rendered(ListedItemsOutput(items: items, provenance: provenance))
    }
}

/// A collection's items in a scene and where they came from (`nil` when the list is empty).
struct ListedItemsOutput: CommandRendering {
    let items: [ListedItem]
    let provenance: Provenance?

    func table(styling: Styling) -> String? {
        ListTable.table(
            header: ["ID"] + (items.first?.fields.map { $0.name.uppercased() } ?? []), rows: items.map(Self.cells),
            noun: "item", provenance: provenance, styling: styling)
    }

    func plain() -> String? { ListTable.plain(items.map(Self.cells)) }

    func json() -> String {
        JSONOutput.encode([
            "items": items.map { item in
                [["id": String(item.id)]] + item.fields.map { [$0.name: $0.text] }
            }.map { $0.reduce(into: [String: String]()) { $0.merge($1) { first, _ in first } } }
        ])
    }

    private static func cells(_ item: ListedItem) -> [String] { [String(item.id)] + item.fields.map(\.text) }
}
