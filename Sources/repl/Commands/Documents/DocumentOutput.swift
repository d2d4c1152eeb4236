import Domain
import Foundation
import ShellKit

/// One document: a header, its fields and its body; with provenance when it was read.
struct DocumentOutput: CommandRendering {
    let document: Document
    let provenance: Provenance?

    func table(styling: Styling) -> String? {
        var rows = [
            ["title", document.title], ["tags", document.tags.joined(separator: ", ")],
            ["version", String(document.version)], ["created", document.createdAt.formatted(.iso8601)],
            ["updated", document.updatedAt.formatted(.iso8601)],
        ]
        if let provenance { rows.append(["origin", provenance.text]) }
        if document.syncState != .synced { rows.append(["sync", Self.syncText(document.syncState)]) }
        let body = document.body.isEmpty ? "" : "\n\n" + document.body
        return "Document \(document.id)\n" + TextTable.render(rows: rows) + body
    }

    func plain() -> String? {
        let fields = [
            document.id.description, document.title, document.tags.joined(separator: ","), String(document.version),
            document.updatedAt.formatted(.iso8601),
        ]
        return fields.joined(separator: "\t") + "\n" + document.body
    }

    func json() -> String { JSONOutput.encode(DocumentJSON(document, provenance)) }

    private static func syncText(_ state: SyncState) -> String {
        switch state {
        case .synced: "synced"
        case .pending: "pending (saved on this device, waiting to be sent)"
        case .conflict: "conflict (see 'conflicts list')"
        }
    }
}

/// A list of documents and where it came from (`nil` when the list is empty and has no source).
struct DocumentListOutput: CommandRendering {
    let items: [DocumentSummary]
    let provenance: Provenance?

    func table(styling: Styling) -> String? {
        let noun = items.count == 1 ? "document" : "documents"
        let footer = "\(items.count) \(noun)" + (provenance.map { " (\($0.text))" } ?? "")
        guard !items.isEmpty else { return footer }
        let header = ["ID", "TITLE", "TAGS", "VERSION", "UPDATED"]
        let table = TextTable.render(rows: [header] + items.map(Self.cells))
        return styling.boldFirstLine(table) + "\n" + footer
    }

    func plain() -> String? {
        items.isEmpty ? nil : items.map { Self.cells($0).joined(separator: "\t") }.joined(separator: "\n")
    }

    func json() -> String {
        JSONOutput.encode(
            DocumentListJSON(
                items: items.map(DocumentSummaryJSON.init), count: items.count, origin: provenance?.origin.rawValue,
                freshness: provenance?.freshness.rawValue, ageSeconds: provenance?.ageSeconds))
    }

    private static func cells(_ item: DocumentSummary) -> [String] {
        [
            item.id.description, item.title, item.tags.joined(separator: ","), String(item.version),
            item.updatedAt.formatted(.iso8601),
        ]
    }
}

/// A deleted document's identifier.
struct DeletedOutput: CommandRendering {
    let id: Int

    func table(styling: Styling) -> String? { "Deleted document \(id)." }
    func plain() -> String? { String(id) }
    func json() -> String { JSONOutput.encode(DeletedJSON(deleted: id)) }
}

extension Document: ItemRendering {
    /// A document read from `provenance`.
    static func output(_ item: Document, provenance: Provenance) -> CommandOutput {
        .rendered(DocumentOutput(document: item, provenance: provenance))
    }
}
