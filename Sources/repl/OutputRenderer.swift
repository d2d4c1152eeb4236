import Domain
import Foundation

/// Renders command output as text in one of the output formats.
struct OutputRenderer {
    /// The format to render in.
    let format: OutputFormat
    /// How tables are styled (bold headers on a terminal).
    var styling = Styling(isEnabled: false)

    /// The text to print for `output`, or `nil` when there is nothing to print.
    func render(_ output: CommandOutput) -> String? {
        switch format {
        case .json: json(output)
        case .table: table(output)
        case .plain: plain(output)
        }
    }
}

// MARK: - Private

extension OutputRenderer {
    private func json(_ output: CommandOutput) -> String? {
        switch output {
        case .nothing, .quit, .runScript: nil
        case .message(let text): JSONShapes.encode(JSONShapes.MessageJSON(message: text))
        case .document(let document, let provenance):
            JSONShapes.encode(JSONShapes.DocumentJSON(document, provenance))
        case .documents(let items, let provenance):
            JSONShapes.encode(
                JSONShapes.DocumentListJSON(
                    items: items, count: items.count, origin: provenance?.origin.rawValue,
                    freshness: provenance?.freshness.rawValue, ageSeconds: provenance?.ageSeconds
                )
            )
        case .deleted(let id): JSONShapes.encode(JSONShapes.DeletedJSON(deleted: id))
        case .user(let user, let provenance):
            JSONShapes.encode(
                JSONShapes.UserJSON(
                    id: user.id, name: user.name, email: user.email, bio: user.bio,
                    origin: provenance.origin.rawValue, freshness: provenance.freshness.rawValue,
                    ageSeconds: provenance.ageSeconds
                )
            )
        case .help(_, let entries): JSONShapes.encode(JSONShapes.HelpJSON(commands: entries))
        case .rendered(_, _, let json): json
        }
    }

    private func table(_ output: CommandOutput) -> String? {
        switch output {
        case .nothing, .quit, .runScript: return nil
        case .message(let text): return text
        case .help(let text, _): return text
        case .rendered(let table, _, _): return table
        case .deleted(let id): return "Deleted document \(id)."
        case .document(let document, let provenance):
            var rows = [
                ["title", document.title], ["tags", document.tags.joined(separator: ", ")],
                ["version", String(document.version)], ["created", Self.timestamp(document.createdAt)],
                ["updated", Self.timestamp(document.updatedAt)],
            ]
            if let provenance { rows.append(["origin", provenance.text]) }
            if document.syncState != .synced { rows.append(["sync", Self.syncText(document.syncState)]) }
            let header = "Document \(document.id)"
            let body = document.body.isEmpty ? "" : "\n\n" + document.body
            return header + "\n" + TextTable.render(rows: rows) + body
        case .documents(let items, let provenance):
            let noun = items.count == 1 ? "document" : "documents"
            let footer = "\(items.count) \(noun)" + (provenance.map { " (\($0.text))" } ?? "")
            guard !items.isEmpty else { return footer }
            let rows = items.map { item in
                [
                    String(item.id), item.title, item.tags.joined(separator: ","), String(item.version),
                    Self.timestamp(item.updatedAt),
                ]
            }
            let header = ["ID", "TITLE", "TAGS", "VERSION", "UPDATED"]
            return boldFirstLine(TextTable.render(rows: [header] + rows)) + "\n" + footer
        case .user(let user, let provenance):
            let rows = [["name", user.name], ["email", user.email], ["bio", user.bio], ["origin", provenance.text]]
            return "User \(user.id)\n" + TextTable.render(rows: rows)
        }
    }

    private func plain(_ output: CommandOutput) -> String? {
        switch output {
        case .nothing, .quit, .runScript: return nil
        case .message(let text), .help(let text, _): return text
        case .rendered(_, let plain, _): return plain
        case .deleted(let id): return String(id)
        case .document(let document, _):
            let fields = [
                String(document.id), document.title, document.tags.joined(separator: ","),
                String(document.version), Self.timestamp(document.updatedAt),
            ]
            return fields.joined(separator: "\t") + "\n" + document.body
        case .documents(let items, _):
            if items.isEmpty { return nil }
            return items.map { item in
                [
                    String(item.id), item.title, item.tags.joined(separator: ","), String(item.version),
                    Self.timestamp(item.updatedAt),
                ].joined(separator: "\t")
            }.joined(separator: "\n")
        case .user(let user, _):
            return [String(user.id), user.name, user.email, user.bio].joined(separator: "\t")
        }
    }

    private func boldFirstLine(_ table: String) -> String {
        guard styling.isEnabled, let newline = table.firstIndex(of: "\n") else { return table }
        return styling.bold(String(table[..<newline])) + table[newline...]
    }

    private static func syncText(_ state: SyncState) -> String {
        switch state {
        case .synced: "synced"
        case .pending: "pending (saved on this device, waiting to be sent)"
        case .conflict: "conflict (see 'conflicts list')"
        }
    }

    private static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
