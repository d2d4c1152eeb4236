import Domain
import Foundation
import Presentation
import ShellKit

/// A collection's items in a scene and where they came from (`nil` when the list is empty): the
/// identifier, each field, the version and the last change, as the feature's `list` shows them,
/// counted with the collection's own noun.
struct ListedItemsOutput: CommandRendering {
    let items: [ListedItem]
    let provenance: Provenance?
    let noun: Noun

    func table(styling: Styling) -> String? {
        ListTable.table(
            header: ["ID"] + (items.first?.fields.map { $0.name.uppercased() } ?? []) + ["VERSION", "UPDATED"],
            rows: items.map(\.cells), noun: noun, provenance: provenance, styling: styling)
    }

    func plain() -> String? { ListTable.plain(items.map(\.cells)) }

    func json() -> String {
        JSONOutput.encode(["items": items.map(\.json)])
    }
}

/// One item of a collection in a scene: its title (`Recipe 3`), then a line per field, its version
/// and times, where it came from and, until the server has it, its sync state, as the feature's
/// `show` prints them.
struct ListedItemOutput: CommandRendering {
    let item: ListedItem
    let provenance: Provenance
    /// The item's title, as its window is titled.
    let title: String

    func table(styling: Styling) -> String? {
        var rows =
            item.fields.map { [$0.name, $0.text] } + [["version", String(item.version)]]
            + [["created", item.createdAt.formatted(.iso8601)], ["updated", item.updatedAt.formatted(.iso8601)]]
            + [["origin", provenance.text]]
        if item.syncState != .synced { rows.append(["sync", item.syncState.explained]) }
        return title + "\n" + TextTable.render(rows: rows)
    }

    func plain() -> String? { item.cells.joined(separator: "\t") }

    func json() -> String {
        JSONOutput.encode(ProvenanceJSON(fields: item.json, provenance: provenance))
    }
}

extension ListedItem {
    /// The item's identifier, each field, its version and its last change, as a row of a table or a
    /// plain line.
    fileprivate var cells: [String] {
        [String(id)] + fields.map(\.text) + [String(version), updatedAt.formatted(.iso8601)]
    }

    /// The item in the shell's JSON: its identifier, each field, its version, its times and its
    /// sync state, as text; the first of two fields with one name wins.
    fileprivate var json: [String: String] {
        var object = ["id": String(id)]
        for field in fields where object[field.name] == nil { object[field.name] = field.text }
        if object["version"] == nil { object["version"] = String(version) }
        if object["createdAt"] == nil { object["createdAt"] = createdAt.formatted(.iso8601) }
        if object["updatedAt"] == nil { object["updatedAt"] = updatedAt.formatted(.iso8601) }
        if object["syncState"] == nil { object["syncState"] = syncState.rawValue }
        return object
    }
}
