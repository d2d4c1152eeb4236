/// Builds `help` output from the command registry, so help never disagrees with dispatch.
enum HelpPages {
    /// The overview for no topic, one command's page, or the commands under a prefix.
    static func page(for topic: String?, in registry: CommandRegistry) -> CommandResult {
        guard let topic, !topic.isEmpty else { return .success(overview(registry.commands)) }
        let words = topic.split(separator: " ").map(String.init)
        if case .command(let spec, let rest) = registry.lookup(words), rest.isEmpty {
            return .success(detail(spec))
        }
        let matching = registry.commands(under: words)
        guard !matching.isEmpty else { return .failure(CommandFailure("no help for '\(topic)' (try 'help')")) }
        return .success(overview(matching))
    }
}

// MARK: - Private

extension HelpPages {
    private static func overview(_ commands: [CommandSpec]) -> CommandOutput {
        var sections: [String] = []
        for group in CommandGroup.allCases {
            let members = commands.filter { $0.group == group }
            guard !members.isEmpty else { continue }
            let rows = members.map { ["  " + ([$0.name] + $0.aliases).joined(separator: ", "), $0.summary] }
            sections.append(group.rawValue + "\n" + TextTable.render(rows: rows))
        }
        let text = sections.joined(separator: "\n\n") + "\n\nType 'help COMMAND' for its usage and examples."
        return .help(text: text, entries: commands.map(entry))
    }

    private static func detail(_ spec: CommandSpec) -> CommandOutput {
        var lines = ["usage: \(spec.usage)", "", spec.summary + "."]
        if !spec.aliases.isEmpty { lines.append("Also: " + spec.aliases.joined(separator: ", ")) }
        if !spec.flags.isEmpty {
            let rows = spec.flags.map { flag in
                let name = flag.valueName.map { "  \(flag.name) \($0)" } ?? "  \(flag.name)"
                let allowed = flag.allowedValues.isEmpty ? "" : " (\(flag.allowedValues.joined(separator: "|")))"
                return [name, flag.help + allowed]
            }
            lines += ["", "Flags:", TextTable.render(rows: rows)]
        }
        if !spec.examples.isEmpty {
            lines += ["", "Examples:"] + spec.examples.map { "  \($0)" }
        }
        return .help(text: lines.joined(separator: "\n"), entries: [entry(spec)])
    }

    private static func entry(_ spec: CommandSpec) -> HelpEntry {
        HelpEntry(name: spec.name, group: spec.group.rawValue, summary: spec.summary, usage: spec.usage)
    }
}
