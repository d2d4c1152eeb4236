import ShellKit

/// `config show`: the build configuration and where each value came from.
enum ConfigCommands {
    /// Every configuration command, in help order.
    static var all: [Command] { [show] }
}

// MARK: - Private

extension ConfigCommands {
    private struct ShowJSON: Encodable {
        let configuration: String
        let values: [Value]

        struct Value: Encodable {
            let key: String
            let value: String
            let source: String
        }
    }

    private static let show = Command(
        name: "config show", group: .app, summary: "Show the configuration and each value's source",
        examples: ["config show"]
    ) { context, _ throws(CommandFailure) in
        let configuration = context.configuration
        let rows = [["KEY", "VALUE", "SOURCE"]] + configuration.entries.map { [$0.key, $0.value, $0.origin] }
        let values = configuration.entries.map { ShowJSON.Value(key: $0.key, value: $0.value, source: $0.origin) }
        return .rendered(
            table: "Configuration \(configuration.name)\n" + TextTable.render(rows: rows),
            plain: rows.dropFirst().map { $0.joined(separator: "\t") }.joined(separator: "\n"),
            json: JSONOutput.encode(ShowJSON(configuration: configuration.name, values: values)))
    }
}
