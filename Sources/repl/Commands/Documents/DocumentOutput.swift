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

    func json() -> String { JSONOutput.encode(JSON(document, provenance)) }

    /// A whole document in the shell's JSON; field names are a contract: add, never rename.
    struct JSON: Encodable {
        let id: Int
        let title: String
        let body: String
        let tags: [String]
        let version: Int
        let createdAt: Date
        let updatedAt: Date
        let origin: String?
        let freshness: String?
        let ageSeconds: Int?
        let syncState: String

        init(_ document: Document, _ provenance: Provenance?) {
            syncState = document.syncState.rawValue
            id = document.id.rawValue
            title = document.title
            body = document.body
            tags = document.tags
            version = document.version
            createdAt = document.createdAt
            updatedAt = document.updatedAt
            origin = provenance?.origin.rawValue
            freshness = provenance?.freshness.rawValue
            ageSeconds = provenance?.ageSeconds
        }
    }
}

extension SyncState {
    /// The `sync` line of an item's table, saying what the state means for the user.
    var explained: String {
        switch self {
        case .synced: "synced"
        case .pending: "pending (saved on this device, waiting to be sent)"
        case .conflict: "conflict (see 'conflicts list')"
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
