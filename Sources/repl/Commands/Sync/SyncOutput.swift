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
        let rows = entries.map(row)
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

    /// `outbox show ID`: one change, its last error whole under the table (where `outbox list`
    /// cuts it to the terminal's width); in plain text and JSON as `outbox list` gives it.
    static func outboxEntry(_ entry: QueuedChange) -> CommandOutput {
        let rows = [
            ["state", entry.state.rawValue], ["attempts", String(entry.attempts)],
            ["created", entry.createdAt.formatted(.iso8601)],
        ]
        let heading =
            "Outbox entry \(entry.id): \(entry.operation.rawValue) of \(entry.collection) item \(entry.itemId)"
        return .rendered(
            table: heading + "\n" + TextTable.render(rows: rows) + (entry.lastError.map { "\n\n" + $0 } ?? ""),
            plain: row(entry).joined(separator: "\t"), json: JSONOutput.encode(OutboxEntryJSON(entry)))
    }

    /// `conflicts list`: every collection's conflicts, in the order they arose.
    static func conflicts(_ conflicts: [ItemConflict]) -> CommandOutput {
        let rows = conflicts.map(row)
        let table =
            conflicts.isEmpty
            ? "No conflicts."
            : TextTable.render(rows: [["ID", "COLLECTION", "ITEM", "LOCAL", "REMOTE"]] + rows)
        return .rendered(
            table: table, plain: rows.map { $0.joined(separator: "\t") }.joined(separator: "\n"),
            json: JSONOutput.encode(ConflictListJSON(conflicts: conflicts.map(ConflictJSON.init))))
    }

    /// `conflicts show ID`: both versions, each with its version number, field by field in the
    /// order the item declares them; a document's as `docs show` prints one, its title in the
    /// heading and its body under the other fields, so a change to any field shows.
    static func conflict(_ conflict: ItemConflict) -> CommandOutput {
        let document = conflict.collection == QueuedChange.documents
        func side(_ name: String, _ side: ItemConflict.Side?, _ gone: String) -> String {
            guard let side else { return "\(name): \(gone)" }
            guard document else {
                return "\(name) (version \(side.version)):\n"
                    + side.fields.map { line($0.name, $0.value.text) }.joined(separator: "\n")
            }
            let (title, body) = (DocumentField.title.rawValue, DocumentField.body.rawValue)
            let fields = side.fields.filter { ![title, body].contains($0.name) }.map { line($0.name, $0.value.text) }
            let text = side.value(of: body)?.text ?? ""
            return
                (["\(name) (version \(side.version)): \(side.value(of: title)?.text ?? "")"] + fields
                + (text.isEmpty ? [] : ["", text])).joined(separator: "\n")
        }
        let text =
            "Conflict \(conflict.entryId) on "
            + (document ? "document \(conflict.itemId)" : "\(conflict.collection) item \(conflict.itemId)") + "\n\n"
            + side("local", conflict.local, "deleted on this device") + "\n\n"
            + side("remote", conflict.remote, "deleted on the server")
        return .rendered(table: text, plain: text, json: JSONOutput.encode(ConflictJSON(conflict)))
    }

    /// A field of one side of a conflict: its name, then its value when it has one.
    private static func line(_ name: String, _ text: String) -> String {
        text.isEmpty ? "  \(name):" : "  \(name): \(text)"
    }

    /// An item reads as its first field's value (a document's title; generated features put their
    /// title first).
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

    /// A change's row in `outbox list`, and its plain line.
    private static func row(_ entry: QueuedChange) -> [String] {
        [
            String(entry.id), entry.collection, String(entry.itemId), entry.operation.rawValue, entry.state.rawValue,
            String(entry.attempts), entry.lastError ?? "",
        ]
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
        /// Each side as `show --json` gives an item: its fields by name, then `id`, `version`,
        /// `createdAt`, `updatedAt` and `syncState` (this device's side waits in `conflict`).
        let local: FieldJSON?
        let remote: FieldJSON?

        init(_ conflict: ItemConflict) {
            func side(_ side: ItemConflict.Side, _ state: SyncState) -> FieldJSON {
                FieldJSON(
                    fields: FieldRecord(side.fields.map { ($0.name, $0.value) }),
                    item: FieldJSON.Common(
                        id: conflict.itemId, version: side.version, createdAt: side.createdAt,
                        updatedAt: side.updatedAt, syncState: state.rawValue))
            }
            id = conflict.entryId
            documentId = conflict.collection == QueuedChange.documents ? conflict.itemId : nil
            collection = conflict.collection
            itemId = conflict.itemId
            local = conflict.local.map { side($0, .conflict) }
            remote = conflict.remote.map { side($0, .synced) }
        }
    }
}
