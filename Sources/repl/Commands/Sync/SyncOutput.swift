import Domain
import Foundation
import ShellKit

/// How sync state reads in the shell; JSON field names are a contract.
enum SyncOutput {
    /// What a sync did.
    static func report(_ report: SyncReport) -> CommandOutput {
        let missing = report.notOnServer.joined(separator: ", ")
        let text =
            "Synced: \(report.pushed) sent, \(report.resolved) settled by policy, \(report.conflicts) in conflict, "
            + "\(report.parked) parked; \(report.pulled) pulled, \(report.deleted) deleted; "
            + "server version \(report.serverVersion)."
            + (missing.isEmpty ? "" : " The server has no \(missing) yet: their changes stay on this device.")
        let json = ReportJSON(
            pushed: report.pushed, resolved: report.resolved, conflicts: report.conflicts, parked: report.parked,
            pulled: report.pulled, deleted: report.deleted, serverVersion: report.serverVersion,
            notOnServer: missing.isEmpty ? nil : report.notOnServer)
        return .rendered(table: text, plain: text, json: JSONOutput.encode(json))
    }

    /// `sync status`: fields `pending`, `parked`, `lastSyncAt`, `serverVersion` (and more).
    static func status(_ status: SyncStatus) -> CommandOutput {
        let last = status.lastSyncAt.map { $0.formatted(.iso8601) } ?? "never"
        let rows = [
            ["pending", String(status.pending)], ["parked", String(status.parked)],
            ["conflicts", String(status.conflicts)], ["lastSyncAt", last],
            ["serverVersion", String(status.serverVersion)], ["network", status.network.rawValue],
        ]
        let json = StatusJSON(
            pending: status.pending, parked: status.parked, conflicts: status.conflicts,
            lastSyncAt: status.lastSyncAt, serverVersion: status.serverVersion, network: status.network.rawValue)
        return .rendered(
            table: TextTable.render(rows: rows), plain: rows.map { $0.joined(separator: "\t") }.joined(separator: "\n"),
            json: JSONOutput.encode(json))
    }

    /// `outbox list`.
    static func outbox(_ entries: [QueuedChange]) -> CommandOutput {
        let rows = entries.map { entry in
            [
                String(entry.id), entry.collection, String(entry.itemId), entry.operation.rawValue,
                entry.state.rawValue, String(entry.attempts), entry.lastError ?? "",
            ]
        }
        let noun = entries.count == 1 ? "change" : "changes"
        let table =
            entries.isEmpty
            ? "The outbox is empty."
            : TextTable.render(rows: [["ID", "COLLECTION", "ITEM", "OPERATION", "STATE", "ATTEMPTS", "ERROR"]] + rows)
                + "\n\(entries.count) \(noun)"
        return .rendered(
            table: table, plain: rows.map { $0.joined(separator: "\t") }.joined(separator: "\n"),
            json: JSONOutput.encode(OutboxJSON(entries: entries)))
    }

    /// `conflicts list`: the documents' conflicts and the features', in the order they arose.
    static func conflicts(_ documents: [DocumentConflict], _ items: [ItemConflict]) -> CommandOutput {
        let all =
            (documents.map { (id: $0.entryId, json: ConflictJSON($0), row: row($0)) }
            + items.map { (id: $0.entryId, json: ConflictJSON($0), row: row($0)) }).sorted { $0.id < $1.id }
        let rows = all.map(\.row)
        let table =
            all.isEmpty
            ? "No conflicts."
            : TextTable.render(rows: [["ID", "COLLECTION", "ITEM", "LOCAL", "REMOTE"]] + rows)
        return .rendered(
            table: table, plain: rows.map { $0.joined(separator: "\t") }.joined(separator: "\n"),
            json: JSONOutput.encode(ConflictListJSON(conflicts: all.map(\.json))))
    }

    /// `conflicts show ID` for a document: both versions, each its title, then every other field
    /// but the body (``Document/fieldValues``), then the body, so a change to any field shows.
    static func conflict(_ conflict: DocumentConflict) -> CommandOutput {
        func side(_ name: String, _ document: Document?, _ gone: String) -> String {
            guard let document else { return "\(name): \(gone)" }
            let apart: Set = [DocumentField.title.rawValue, DocumentField.body.rawValue]
            let fields = document.fieldTexts.filter { !apart.contains($0.name) }.map { line($0.name, $0.text) }
            let body = document.body.isEmpty ? [] : ["", document.body]
            return (["\(name) (version \(document.version)): \(document.title)"] + fields + body)
                .joined(separator: "\n")
        }
        let text =
            "Conflict \(conflict.entryId) on document \(conflict.documentId)\n\n"
            + side("local", conflict.local, "deleted on this device") + "\n\n"
            + side("remote", conflict.remote, "deleted on the server")
        return .rendered(table: text, plain: text, json: JSONOutput.encode(ConflictJSON(conflict)))
    }

    /// `conflicts show ID` for a feature's item: both versions, each with its version number (as
    /// a document's), field by field.
    static func conflict(_ conflict: ItemConflict) -> CommandOutput {
        func side(_ name: String, _ side: ItemConflict.Side?, _ gone: String) -> String {
            guard let side else { return "\(name): \(gone)" }
            return "\(name) (version \(side.version)):\n"
                + side.fields.map { line($0.name, $0.value.text) }.joined(separator: "\n")
        }
        let text =
            "Conflict \(conflict.entryId) on \(conflict.collection) item \(conflict.itemId)\n\n"
            + side("local", conflict.local, "deleted on this device") + "\n\n"
            + side("remote", conflict.remote, "deleted on the server")
        return .rendered(table: text, plain: text, json: JSONOutput.encode(ConflictJSON(conflict)))
    }

    /// A field of one side of a conflict: its name, then its value when it has one.
    private static func line(_ name: String, _ text: String) -> String {
        text.isEmpty ? "  \(name):" : "  \(name): \(text)"
    }

    private static func row(_ conflict: DocumentConflict) -> [String] {
        [
            String(conflict.entryId), QueuedChange.documents, conflict.documentId.description,
            conflict.local?.title ?? "(deleted)",
            conflict.remote?.title ?? "(deleted)",
        ]
    }

    /// A feature's item reads as its first field's value (generated features put their title first).
    private static func row(_ conflict: ItemConflict) -> [String] {
        func headline(_ side: ItemConflict.Side?) -> String {
            guard let side else { return "(deleted)" }
            return side.fields.first?.value.text ?? ""
        }
        return [
            String(conflict.entryId), conflict.collection, String(conflict.itemId), headline(conflict.local),
            headline(conflict.remote),
        ]
    }
}

// MARK: - Private

extension SyncOutput {
    private struct ReportJSON: Encodable {
        let pushed, resolved, conflicts, parked, pulled, deleted, serverVersion: Int
        /// The collections the server does not have; left out when it has them all.
        let notOnServer: [String]?
    }

    private struct StatusJSON: Encodable {
        let pending, parked, conflicts: Int
        let lastSyncAt: Date?
        let serverVersion: Int
        let network: String
    }

    private struct OutboxJSON: Encodable {
        let entries: [OutboxEntryJSON]

        init(entries: [QueuedChange]) {
            self.entries = entries.map(OutboxEntryJSON.init)
        }
    }

    /// An outbox entry; field names are a contract: add, never rename.
    private struct OutboxEntryJSON: Encodable {
        let id: Int
        /// The document changed; only on changes to documents.
        let documentId: Int?
        let collection: String
        let itemId: Int
        let operation: String
        let state: String
        let attempts: Int
        let lastError: String?
        let createdAt: Date

        init(_ entry: QueuedChange) {
            id = entry.id
            documentId = entry.collection == QueuedChange.documents ? entry.itemId : nil
            collection = entry.collection
            itemId = entry.itemId
            operation = entry.operation.rawValue
            state = entry.state.rawValue
            attempts = entry.attempts
            lastError = entry.lastError
            createdAt = entry.createdAt
        }
    }

    private struct ConflictListJSON: Encodable {
        let conflicts: [ConflictJSON]
    }

    /// A conflict; field names are a contract: add, never rename.
    private struct ConflictJSON: Encodable {
        let id: Int
        /// The document; only on documents' conflicts.
        let documentId: Int?
        let collection: String
        let itemId: Int
        /// A document's conflict: the documents' JSON; a feature's: its fields by name, and its
        /// `version` (no feature may name a field so).
        let local: Side?
        let remote: Side?

        enum Side: Encodable {
            case document(FieldJSON)
            case fields(ItemConflict.Side)

            func encode(to encoder: any Encoder) throws {
                switch self {
                case .document(let json): try json.encode(to: encoder)
                case .fields(let side):
                    var container = encoder.container(keyedBy: FieldName.self)
                    for field in side.fields { try container.encode(field.value, forKey: FieldName(field.name)) }
                    try container.encode(side.version, forKey: FieldName("version"))
                }
            }
        }

        init(_ conflict: DocumentConflict) {
            id = conflict.entryId
            documentId = conflict.documentId.rawValue
            collection = QueuedChange.documents
            itemId = conflict.documentId.rawValue
            local = conflict.local.map { .document($0.json) }
            remote = conflict.remote.map { .document($0.json) }
        }

        init(_ conflict: ItemConflict) {
            id = conflict.entryId
            documentId = nil
            collection = conflict.collection
            itemId = conflict.itemId
            local = conflict.local.map { .fields($0) }
            remote = conflict.remote.map { .fields($0) }
        }
    }
}
