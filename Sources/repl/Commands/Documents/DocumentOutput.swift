import Domain
import Foundation
import ShellKit

/// One document: a header, its fields and its body; with provenance when it was read.
///
/// The table shows every field of ``Document/fieldValues`` but the body as a row, and the body
/// under it; the JSON holds them all.
struct DocumentOutput: CommandRendering {
    let document: Document
    let provenance: Provenance?

    func table(styling: Styling) -> String? {
        var rows = document.fieldTexts.filter { $0.name != DocumentField.body.rawValue }.map { [$0.name, $0.text] }
        rows += [
            ["version", document.versionText], ["created", Document.text(document.createdAt)],
            ["updated", Document.text(document.updatedAt)],
        ]
        if let provenance { rows.append(["origin", provenance.text]) }
        if document.syncState != .synced { rows.append(["sync", document.syncState.explained]) }
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

    func json() -> String { JSONOutput.encode(ProvenanceJSON(fields: document.json, provenance: provenance)) }
}

extension Document: FieldValued {
    /// The document's editable fields by name (``DocumentDraft/fieldValues``).
    var fieldValues: [(name: String, value: RecordValue)] { content.fieldValues }
}

extension DocumentDraft {
    /// A document's editable fields by name, as its table, JSON and export file hold them, and
    /// `docs import` and an editor window read them (``DocumentCommands/draft(_:)``).
    var fieldValues: [(name: String, value: RecordValue)] {
        [("title", Document.value(title)), ("body", Document.value(body)), ("tags", Document.value(tags))]
    }
}

extension SyncState {
    /// The `sync` line of an item's table, saying what the state means for the user.
    var explained: String {
        switch self {
        case .synced: "synced"
        case .pending: "pending (saved on this device, waiting to be sent)"
        case .conflict: "conflict (see 'conflicts list')"
        case .parked: "parked (the server refused the change; see 'outbox list')"
        }
    }
}

extension Document: EditorRendering {
    /// What documents are called, as an editor's conflict names one.
    static let noun = Noun(one: "document", many: "documents")

    /// A document read from `provenance`.
    static func output(_ item: Document, provenance: Provenance) -> CommandOutput {
        .rendered(DocumentOutput(document: item, provenance: provenance))
    }

    /// A document as just saved.
    static func savedOutput(_ item: Document) -> CommandOutput {
        .rendered(DocumentOutput(document: item, provenance: nil))
    }
}
