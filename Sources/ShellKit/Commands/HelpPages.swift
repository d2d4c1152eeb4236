/// Builds `help` output from the command registry, so help never disagrees with dispatch.
public enum HelpPages {
    /// The overview for no topic, one command's page, or the commands under a prefix.
    public static func page<Context>(
        for topic: String?, in registry: CommandRegistry<Context>
    ) throws(CommandFailure) -> CommandOutput {
        guard let topic, !topic.isEmpty else { return .rendered(overview(registry.commands, registry: registry)) }
        let words = topic.split(separator: " ").map(String.init)
        if case .command(let spec, let rest) = registry.lookup(words), rest.isEmpty {
            return .rendered(detail(spec))
        }
        let matching = registry.commands(under: words)
        guard !matching.isEmpty else { throw CommandFailure("no help for '\(topic)' (try 'help')") }
        return .rendered(overview(matching, registry: registry))
    }
}

/// One command as `help` lists it in JSON.
public struct HelpEntry: Codable, Equatable, Sendable {
    /// The command's name.
    public let name: String
    /// Its help group.
    public let group: String
    /// Its one-line summary.
    public let summary: String
    /// Its usage line.
    public let usage: String
}

// MARK: - Private

extension HelpPages {
    /// A help page: text for people, entries for JSON (`{"commands": [...]}`).
    private struct HelpPage: CommandRendering {
        let text: String
        let entries: [HelpEntry]

        func table(styling: Styling) -> String? { text }
        func plain() -> String? { text }
        func json() -> String { JSONOutput.encode(HelpJSON(commands: entries)) }
    }

    private struct HelpJSON: Encodable {
        let commands: [HelpEntry]
    }

    private static func overview<Context>(
        _ commands: [CommandSpec<Context>], registry: CommandRegistry<Context>
    ) -> HelpPage {
        var sections: [String] = []
        for group in registry.groups {
            let members = commands.filter { $0.group == group }
            guard !members.isEmpty else { continue }
            let rows = members.map { ["  " + ([$0.name] + $0.aliases).joined(separator: ", "), $0.summary] }
            sections.append(group.title + "\n" + TextTable.renderWrapping(rows: rows))
        }
        let text = sections.joined(separator: "\n\n") + "\n\nType 'help COMMAND' for its usage and examples."
        return HelpPage(text: text, entries: commands.map(entry))
    }

    private static func detail<Context>(_ spec: CommandSpec<Context>) -> HelpPage {
        var lines = ["usage: \(spec.usage)", "", spec.summary + "."]
        if !spec.aliases.isEmpty { lines.append("Also: " + spec.aliases.joined(separator: ", ")) }
        if !spec.flags.isEmpty {
            let rows = spec.flags.map { flag in
                let name = flag.valueName.map { "  \(flag.name) \($0)" } ?? "  \(flag.name)"
                let allowed = flag.allowedValues.isEmpty ? "" : " (\(flag.allowedValues.joined(separator: "|")))"
                return [name, flag.help + allowed]
            }
            lines += ["", "Flags:", TextTable.renderWrapping(rows: rows)]
        }
        if !spec.examples.isEmpty {
            lines += ["", "Examples:"] + spec.examples.map { "  \($0)" }
        }
        return HelpPage(text: lines.joined(separator: "\n"), entries: [entry(spec)])
    }

    private static func entry<Context>(_ spec: CommandSpec<Context>) -> HelpEntry {
        HelpEntry(name: spec.name, group: spec.group.title, summary: spec.summary, usage: spec.usage)
    }
}
