import Foundation
import Platform
import ShellKit

extension CompletionSource {
    /// The names of the settings kept.
    static let settingKey = CompletionSource("setting-key")
}

/// `settings list|get|set|remove`: the app's small typed values (`UserDefaults`).
enum SettingsCommands {
    /// Every settings command, in help order.
    static var all: [Command] { [list, get, set, remove] }
}

// MARK: - Private

extension SettingsCommands {
    private struct SettingJSON: Encodable {
        let key: String
        let value: String
        let type: String
    }

    private struct ListJSON: Encodable {
        let settings: [SettingJSON]
    }

    private struct RemovedJSON: Encodable {
        let removed: String
    }

    private static let keyArgument = ArgumentSpec(name: "KEY", completion: .source(.settingKey))

    private static let list = Command(
        name: "settings list", group: .app, summary: "List the settings kept in Library/Preferences",
        examples: ["settings list"]
    ) { context, _ throws(CommandFailure) in
        let settings = try read { () throws(SettingsError) in try context.settings.all() }
        let rows = settings.keys.sorted().map { key in
            [key, settings[key]?.description ?? "", settings[key]?.typeName ?? ""]
        }
        let json = rows.map { SettingJSON(key: $0[0], value: $0[1], type: $0[2]) }
        guard !rows.isEmpty else { return .text("No settings yet.", json: JSONOutput.encode(ListJSON(settings: []))) }
        return .rendered(
            table: TextTable.render(rows: [["KEY", "VALUE", "TYPE"]] + rows),
            plain: rows.map { $0.joined(separator: "\t") }.joined(separator: "\n"),
            json: JSONOutput.encode(ListJSON(settings: json)))
    }

    private static let get = Command(
        name: "settings get", group: .app, summary: "Show one setting", arguments: [keyArgument],
        examples: ["settings get list.pageSize"]
    ) { context, arguments throws(CommandFailure) in
        let key = try arguments.required("KEY")
        guard let value = try read({ () throws(SettingsError) in try context.settings.value(for: key) }) else {
            throw CommandFailure("no setting '\(key)' (see 'settings list')")
        }
        return .text(
            "\(key) = \(value) (\(value.typeName))",
            json: JSONOutput.encode(SettingJSON(key: key, value: value.description, type: value.typeName)))
    }

    private static let set = Command(
        name: "settings set", group: .app, summary: "Set a setting: true/false, a number or text",
        arguments: [keyArgument, ArgumentSpec(name: "VALUE", takesRest: true)],
        examples: ["settings set sync.onLaunch true", "settings set list.pageSize 50"]
    ) { context, arguments throws(CommandFailure) in
        let key = try arguments.required("KEY")
        let value = SettingValue(parsing: try arguments.required("VALUE"))
        try read { () throws(SettingsError) in try context.settings.set(value, for: key) }
        return .text(
            "\(key) = \(value) (\(value.typeName))",
            json: JSONOutput.encode(SettingJSON(key: key, value: value.description, type: value.typeName)))
    }

    private static let remove = Command(
        name: "settings remove", group: .app, summary: "Remove a setting", arguments: [keyArgument],
        examples: ["settings remove greeting"]
    ) { context, arguments throws(CommandFailure) in
        let key = try arguments.required("KEY")
        guard try read({ () throws(SettingsError) in try context.settings.remove(key) }) else {
            throw CommandFailure("no setting '\(key)' (see 'settings list')")
        }
        return .text("Removed \(key).", json: JSONOutput.encode(RemovedJSON(removed: key)))
    }

    /// Runs settings work, its failure in one line.
    private static func read<Value>(_ work: () throws(SettingsError) -> Value) throws(CommandFailure) -> Value {
        do {
            return try work()
        } catch {
            throw CommandFailure(error.localizedDescription)
        }
    }
}
