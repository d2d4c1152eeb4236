import Testing

@testable import repl

@Suite("Command arguments and the registry")
struct ParsedArgumentsTests {
    let registry = CompositionRoot.registry()

    func spec(_ name: String) throws -> CommandSpec {
        try #require(registry.commands.first { $0.name == name })
    }

    @Test func flagsAndPositionalsAreCollected() throws {
        let parsed = try ParsedArguments.parse(
            ["Big", "plan", "--tag", "a", "--body=text", "--tag", "b"], for: spec("docs new")
        ).get()
        #expect(parsed.value("TITLE") == "Big plan")
        #expect(parsed.flag("--body") == "text")
        #expect(parsed.all("--tag") == ["a", "b"])
    }

    @Test func doubleDashEndsFlags() throws {
        let parsed = try ParsedArguments.parse(["--", "--tag"], for: spec("docs new")).get()
        #expect(parsed.value("TITLE") == "--tag")
        #expect(parsed.all("--tag").isEmpty)
    }

    @Test(
        "Malformed arguments give one clear message",
        arguments: [
            ("docs new", ["x", "--bogus"], "unknown flag '--bogus' for 'docs new' (try 'help docs new')"),
            ("docs new", ["x", "--body"], "flag '--body' needs a value TEXT"),
            ("docs new", ["x", "--body", "a", "--body", "b"], "flag '--body' given more than once"),
            ("docs show", [], "missing ID (usage: docs show ID [--policy POLICY])"),
            ("docs show", ["1", "2"], "unexpected argument '2' (usage: docs show ID [--policy POLICY])"),
        ])
    func malformed(command: String, words: [String], message: String) throws {
        #expect(ParsedArguments.parse(words, for: try spec(command)) == .failure(CommandFailure(message)))
    }

    @Test func lookupPrefersTheLongestNameAndExplainsUnknownWords() {
        guard case .command(let spec, let rest) = registry.lookup(["docs", "show", "2"]) else {
            Issue.record("docs show not found")
            return
        }
        #expect(spec.name == "docs show" && rest == ["2"])
        guard case .command(let quit, _) = registry.lookup(["exit"]) else {
            Issue.record("exit alias not found")
            return
        }
        #expect(quit.name == "quit")
        #expect(unknownMessage(["bogus"]) == "unknown command 'bogus' (try 'help')")
        #expect(unknownMessage(["docs", "frob"]) == "unknown command 'docs frob' (try 'help docs')")
        #expect(unknownMessage(["docs"]) == "'docs' needs a subcommand (try 'help docs')")
    }

    func unknownMessage(_ words: [String]) -> String? {
        if case .unknown(let message) = registry.lookup(words) { return message }
        return nil
    }

    @Test func idsMustBeWholeNumbers() {
        #expect(ArgumentValues.id("12") == .success(12))
        #expect(
            ArgumentValues.id("1.5") == .failure(CommandFailure("invalid id '1.5' (expected a whole number)")))
    }

    @Test func usageIsBuiltFromTheSpec() throws {
        #expect(try spec("docs new").usage == "docs new TITLE... [--body TEXT] [--tag T]...")
        #expect(try spec("help").usage == "help [COMMAND...]")
    }
}
