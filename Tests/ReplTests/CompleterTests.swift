import Testing

@testable import repl

@Suite("Tab completion")
struct CompleterTests {
    let completer = Completer(registry: CompositionRoot.registry())

    @Test func aUniqueCommandCompletesWithATrailingSpace() {
        #expect(completer.complete("do") == .init(insertion: "cs ", candidates: ["docs"]))
        #expect(completer.complete("docs sh") == .init(insertion: "ow ", candidates: ["show"]))
    }

    @Test func severalMatchesInsertTheCommonPrefixAndListThemAll() {
        let completion = completer.complete("docs ")
        #expect(completion.insertion == "")
        #expect(completion.candidates == ["delete", "edit", "list", "new", "search", "show"])
        #expect(completer.complete("e").candidates == ["edit", "exit"])
        #expect(completer.complete("ex") == .init(insertion: "it ", candidates: ["exit"]))
    }

    @Test func flagsOfTheCurrentCommandComplete() {
        #expect(completer.complete("docs new Title --b") == .init(insertion: "ody ", candidates: ["--body"]))
        #expect(completer.complete("docs new Title --").candidates == ["--body", "--tag"])
    }

    @Test func nothingMatchesNothing() {
        #expect(completer.complete("zz") == .init(insertion: "", candidates: []))
    }

    @Test func candidatesAreLaidOutInColumnsThatFit() {
        let text = Completer.columns(["delete", "edit", "list", "new", "search", "show"], width: 20)
        #expect(text == "delete  edit\nlist    new\nsearch  show")
        #expect(Completer.columns(["a"], width: 0) == "a")
    }
}
