import ShellKit

/// A small app of its own for the toolkit's tests: the toolkit never sees Strata's commands.
final class SampleContext {}

/// The sample app's commands: a `notes` feature, plus `format`, `source` and `quit`.
enum Sample {
    static let notes = CommandGroup("Notes")
    static let shell = CommandGroup("Shell")
    static let noteID = CompletionSource("note-id")

    static let registry = CommandRegistry<SampleContext>(commands: [
        command("notes list", notes, flags: [policy]),
        command(
            "notes show", notes, arguments: [ArgumentSpec(name: "ID", completion: .source(noteID))], flags: [policy]),
        command(
            "notes new", notes, arguments: [ArgumentSpec(name: "TITLE", takesRest: true)],
            flags: [
                FlagSpec(name: "--body", valueName: "TEXT", help: "The body"),
                FlagSpec(name: "--tag", valueName: "T", help: "Add a tag", isRepeatable: true),
            ]),
        command("notes delete", notes, arguments: [ArgumentSpec(name: "ID", completion: .source(noteID))]),
        command("format", shell, arguments: [ArgumentSpec(name: "FORMAT", completion: .values(["json", "plain"]))]),
        command("source", shell, arguments: [ArgumentSpec(name: "FILE", completion: .file)]),
        command(
            "pick", shell,
            arguments: [
                ArgumentSpec(name: "KIND", completion: .values(["note", "color", "free"])),
                ArgumentSpec(
                    name: "VALUE", isOptional: true,
                    completion: .chosenByPrevious(["note": .source(noteID), "color": .values(["red", "blue"])])),
            ], flags: [policy]),
        // A note of the shelf `--shelf` names (its source is `shelf:NAME`), else of the notes.
        command(
            "pin", shell,
            arguments: [
                ArgumentSpec(
                    name: "ID", completion: .namedByFlag("--shelf", prefix: "shelf:", otherwise: .source(noteID)))
            ],
            flags: [FlagSpec(name: "--shelf", valueName: "NAME", help: "The shelf the note is on")]),
        command("help", shell, arguments: [ArgumentSpec(name: "COMMAND", isOptional: true, takesRest: true)]),
        CommandSpec(name: "quit", aliases: ["exit"], group: shell, summary: "Leave") { _, _ throws(CommandFailure) in
            .quit
        },
    ])

    static let policy = FlagSpec(
        name: "--policy", valueName: "POLICY", help: "Where to read from",
        allowedValues: ["cache-first", "network-first"])

    static func command(
        _ name: String, _ group: CommandGroup, arguments: [ArgumentSpec] = [], flags: [FlagSpec] = []
    ) -> CommandSpec<SampleContext> {
        CommandSpec(name: name, group: group, summary: "Does \(name)", arguments: arguments, flags: flags) {
            _, _ throws(CommandFailure) in .nothing
        }
    }

    static func spec(_ name: String) -> CommandSpec<SampleContext>? {
        registry.commands.first { $0.name == name }
    }
}
