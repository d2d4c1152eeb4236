import ShellKit
import Testing

@Suite("Command arguments and the registry")
struct ParsedArgumentsTests {
    let registry = Sample.registry

    func spec(_ name: String) throws -> CommandSpec<SampleContext> {
        try #require(Sample.spec(name))
    }

    @Test func flagsAndPositionalsAreCollected() throws {
        let parsed = try ParsedArguments.parse(
            ["Big", "plan", "--tag", "a", "--body=text", "--tag", "b"], for: spec("notes new")
        ).get()
        #expect(parsed.value("TITLE") == "Big plan")
        #expect(parsed.flag("--body") == "text")
        #expect(parsed.all("--tag") == ["a", "b"])
    }

    @Test func doubleDashEndsFlags() throws {
        let parsed = try ParsedArguments.parse(["--", "--tag"], for: spec("notes new")).get()
        #expect(parsed.value("TITLE") == "--tag")
        #expect(parsed.all("--tag").isEmpty)
    }

    @Test(
        "Malformed arguments give one clear message",
        arguments: [
            ("notes new", ["x", "--bogus"], "unknown flag '--bogus' for 'notes new' (try 'help notes new')"),
            ("notes new", ["x", "--body"], "flag '--body' needs a value TEXT"),
            ("notes new", ["x", "--body", "a", "--body", "b"], "flag '--body' given more than once"),
            ("notes show", [], "missing ID (usage: notes show ID [--policy POLICY])"),
            ("notes show", ["1", "2"], "unexpected argument '2' (usage: notes show ID [--policy POLICY])"),
        ])
    func malformed(command: String, words: [String], message: String) throws {
        #expect(ParsedArguments.parse(words, for: try spec(command)) == .failure(CommandFailure(message)))
    }

    /// A flag the command needs (a field `new` needs) is named with the usage when it is left out,
    /// as a missing argument is, before the command runs.
    @Test func aMissingRequiredFlagIsNamedWithTheUsage() {
        let spec = CommandSpec<SampleContext>(
            name: "notes rate", group: Sample.notes, summary: "Rate a note", arguments: [ArgumentSpec(name: "ID")],
            flags: [
                FlagSpec(name: "--stars", valueName: "N", help: "Stars").required(true),
                FlagSpec(name: "--why", valueName: "TEXT", help: "Why"),
                FlagSpec(name: "--mood", valueName: "M", help: "Mood", allowedValues: ["glad", "sad"]).required(true),
            ]
        ) { _, _ throws(CommandFailure) in .quit }
        let usage = "(usage: notes rate ID --stars N [--why TEXT] --mood M)"
        #expect(
            ParsedArguments.parse(["1", "--why", "x"], for: spec)
                == .failure(CommandFailure("missing --stars \(usage)")))
        // A flag that takes one of a few values names them.
        #expect(
            ParsedArguments.parse(["1", "--stars", "3"], for: spec)
                == .failure(CommandFailure("missing --mood glad|sad \(usage)")))
        #expect(ParsedArguments.parse([], for: spec) == .failure(CommandFailure("missing ID \(usage)")))
        // Given empty, the flag is there: whether an empty value will do is the command's rule.
        #expect(
            ParsedArguments.parse(["1", "--stars", "", "--mood", "sad"], for: spec).map { $0.flag("--stars") }
                == .success(""))
    }

    @Test func lookupPrefersTheLongestNameAndExplainsUnknownWords() {
        guard case .command(let spec, let rest) = registry.lookup(["notes", "show", "2"]) else {
            Issue.record("notes show not found")
            return
        }
        #expect(spec.name == "notes show" && rest == ["2"])
        guard case .command(let quit, _) = registry.lookup(["exit"]) else {
            Issue.record("exit alias not found")
            return
        }
        #expect(quit.name == "quit")
        #expect(unknownMessage(["bogus"]) == "unknown command 'bogus' (try 'help')")
        #expect(unknownMessage(["notes", "frob"]) == "unknown command 'notes frob' (try 'help notes')")
        #expect(unknownMessage(["notes"]) == "'notes' needs a subcommand (try 'help notes')")
    }

    func unknownMessage(_ words: [String]) -> String? {
        if case .unknown(let message) = registry.lookup(words) { return message }
        return nil
    }

    @Test func typedAccessorsGiveOneClearMessage() throws {
        #expect(try ParsedArguments.id("12") == 12)
        #expect(throws: CommandFailure("invalid id '1.5' (expected a whole number)")) { try ParsedArguments.id("1.5") }
        #expect(throws: CommandFailure("missing ID")) { try ParsedArguments.id(nil) }
        #expect(throws: CommandFailure("invalid count '0' (expected 1 to 9)")) {
            try ParsedArguments.number("0", label: "count", in: 1...9)
        }
        #expect(try ParsedArguments.number(nil, label: "count", in: 1...9, fallback: 3) == 3)
        let parsed = try ParsedArguments.parse(["jsn"], for: spec("format")).get()
        #expect(throws: CommandFailure("invalid format 'jsn' (expected one of: table, json, plain)")) {
            try parsed.choice("FORMAT", as: OutputFormat.self, label: "format")
        }
    }

    /// Every command that turns something on or off reads the word the same way and refuses any
    /// other with the same sentence.
    @Test func aSwitchIsOnOrOffAndNothingElse() throws {
        let switchSpec = Sample.command(
            "trace", Sample.shell, arguments: [ArgumentSpec(name: "on|off", completion: Switch.completion)])
        let read = { (word: String) throws(CommandFailure) -> Bool in
            try ParsedArguments.parse([word], for: switchSpec).get().choice("on|off", as: Switch.self, label: "value")
                .isOn
        }
        #expect(try read("on"))
        #expect(try !read("off"))
        #expect(throws: CommandFailure("invalid value 'ON' (expected one of: on, off)")) { try read("ON") }
        #expect(switchSpec.arguments.first?.completion == .values(["on", "off"]))
    }

    @Test func usageIsBuiltFromTheSpec() throws {
        #expect(try spec("notes new").usage == "notes new TITLE... [--body TEXT] [--tag T]...")
        #expect(try spec("help").usage == "help [COMMAND...]")
    }

    @Test func aRequiredFlagIsShownWithoutBrackets() {
        let title = FlagSpec(name: "--title", valueName: "TEXT", help: "The title")
        let tag = FlagSpec(name: "--tag", valueName: "T", help: "A tag", isRepeatable: true)
        #expect(title.required(true).usage == "--title TEXT")
        #expect(title.required(true).required(false).usage == "[--title TEXT]")
        #expect(tag.required(true).usage == "--tag T...")
        #expect(tag.usage == "[--tag T]...")
    }
}
