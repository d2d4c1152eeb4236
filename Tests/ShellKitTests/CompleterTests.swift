import Foundation
import ShellKit
import Testing

@Suite("Tab completion")
struct CompleterTests {
    let completer = Completer(registry: Sample.registry)

    @Test func aUniqueCommandCompletesWithATrailingSpace() {
        #expect(completer.complete("no") == .init(insertion: "tes ", candidates: ["notes"]))
        #expect(completer.complete("notes sh") == .init(insertion: "ow ", candidates: ["show"]))
    }

    @Test func severalMatchesInsertTheCommonPrefixAndListThemAll() {
        let completion = completer.complete("notes ")
        #expect(completion.insertion == "")
        #expect(completion.candidates == ["delete", "list", "new", "show"])
        #expect(completer.complete("ex") == .init(insertion: "it ", candidates: ["exit"]))
        #expect(completer.complete("notes de") == .init(insertion: "lete ", candidates: ["delete"]))
    }

    @Test func flagsOfTheCurrentCommandComplete() {
        #expect(completer.complete("notes new Title --b") == .init(insertion: "ody ", candidates: ["--body"]))
        #expect(completer.complete("notes new Title --").candidates == ["--body", "--tag"])
    }

    @Test func nothingMatchesNothing() {
        #expect(completer.complete("zz") == .init(insertion: "", candidates: []))
    }

    @Test func candidatesAreLaidOutInColumnsThatFit() {
        let text = Completion.columns(["delete", "edit", "list", "new", "search", "show"], width: 20)
        #expect(text == "delete  edit\nlist    new\nsearch  show")
        #expect(Completion.columns(["a"], width: 0) == "a")
    }

    var withSources: Completer<SampleContext> {
        Completer(
            registry: Sample.registry, sources: [Sample.noteID: { ["1", "2", "12"] }],
            paths: { prefix in ["Docs/", "Docs.md", "setup.strata"].filter { $0.hasPrefix(prefix) } })
    }

    @Test func identifiersComeFromTheAppsSources() {
        #expect(withSources.complete("notes show ").candidates == ["1", "2", "12"])
        #expect(withSources.complete("notes show 1") == .init(insertion: "", candidates: ["1", "12"]))
        #expect(withSources.complete("notes delete 12") == .init(insertion: " ", candidates: ["12"]))
        #expect(withSources.complete("notes new Title --body x ").candidates.isEmpty)
        #expect(completer.complete("notes show ").candidates.isEmpty, "a source the app did not supply offers nothing")
    }

    @Test func positionalValuesFlagValuesAndPathsComplete() {
        #expect(withSources.complete("format j") == .init(insertion: "son ", candidates: ["json"]))
        #expect(
            withSources.complete("notes list --policy net")
                == .init(insertion: "work-first ", candidates: ["network-first"]))
        #expect(withSources.complete("source Doc") == .init(insertion: "s", candidates: ["Docs/", "Docs.md"]))
        #expect(withSources.complete("source se") == .init(insertion: "tup.strata ", candidates: ["setup.strata"]))
    }

    @Test func theWordBeforePicksWhatAnArgumentOffers() {
        #expect(withSources.complete("pick note ").candidates == ["1", "2", "12"])
        #expect(withSources.complete("pick --policy network-first note 1").candidates == ["1", "12"])
        #expect(withSources.complete("pick color b") == .init(insertion: "lue ", candidates: ["blue"]))
        #expect(withSources.complete("pick free ").candidates.isEmpty, "a word with no choice offers nothing")
        #expect(withSources.complete("pick n") == .init(insertion: "ote ", candidates: ["note"]))
    }

    @Test func aFlagTypedBeforeTheArgumentNamesItsSource() {
        let completer = Completer(
            registry: Sample.registry,
            sources: [Sample.noteID: { ["1", "2"] }, CompletionSource("shelf:kitchen"): { ["30", "31"] }])
        #expect(completer.complete("pin ").candidates == ["1", "2"], "no flag yet: the notes")
        #expect(completer.complete("pin --shelf kitchen ").candidates == ["30", "31"])
        #expect(completer.complete("pin --shelf kitchen 3").candidates == ["30", "31"])
        #expect(completer.complete("pin --shelf attic ").candidates.isEmpty, "a shelf with no source offers nothing")
    }

    @Test func aFolderCompletesWithoutASpaceSoTabCanGoOn() {
        let completer = Completer(registry: Sample.registry, paths: { _ in ["Docs/"] })
        #expect(completer.complete("source D") == .init(insertion: "ocs/", candidates: ["Docs/"]))
    }

    @Test func filePathsListTheFolderAndMarkSubfolders() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-paths-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("a.strata"))
        try Data().write(to: folder.appendingPathComponent(".hidden"))
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(FilePaths.completions(of: folder.path + "/") == [folder.path + "/a.strata", folder.path + "/sub/"])
        #expect(FilePaths.completions(of: folder.path + "/.") == [folder.path + "/.hidden"])
        #expect(FilePaths.completions(of: folder.path + "/missing/").isEmpty)
    }
}

@Suite("Tab completion of a command that starts longer ones")
struct NestedCommandCompletionTests {
    @Test func theLongerNamesAreOfferedAfterTheShorterCommand() {
        let run: CommandSpec<SampleContext>.Run = { _, _ throws(CommandFailure) in .nothing }
        let registry = CommandRegistry<SampleContext>(commands: [
            CommandSpec(name: "sync", group: Sample.shell, summary: "Sync", run: run),
            CommandSpec(name: "sync status", group: Sample.shell, summary: "Status", run: run),
        ])
        let completer = Completer(registry: registry)
        #expect(completer.complete("sync st") == .init(insertion: "atus ", candidates: ["status"]))
        #expect(completer.complete("sync ").candidates == ["status"])
    }
}
