import Foundation
import Platform
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
        #expect(completion.candidates == ["delete", "edit", "import", "list", "new", "search", "show"])
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

    var withSources: Completer {
        Completer(
            registry: CompositionRoot.registry(),
            sources: Completer.Sources(
                documentIDs: { [1, 2, 12] }, userIDs: { [7] }, sceneIDs: { ["s1", "s2"] },
                paths: { prefix in ["Docs/", "Docs.md", "setup.strata"].filter { $0.hasPrefix(prefix) } }))
    }

    @Test func documentUserAndSceneIdentifiersComeFromTheLocalSources() {
        #expect(withSources.complete("docs show ").candidates == ["1", "2", "12"])
        #expect(withSources.complete("docs show 1") == .init(insertion: "", candidates: ["1", "12"]))
        #expect(withSources.complete("docs delete 12") == .init(insertion: " ", candidates: ["12"]))
        #expect(withSources.complete("user show ") == .init(insertion: "7 ", candidates: ["7"]))
        #expect(withSources.complete("scene activate ").candidates == ["s1", "s2"])
        #expect(withSources.complete("docs edit 1 --title x ").candidates.isEmpty)
    }

    @Test func positionalValuesFlagValuesAndPathsComplete() {
        #expect(withSources.complete("scene open ed") == .init(insertion: "itor ", candidates: ["editor"]))
        #expect(withSources.complete("scene open editor ").candidates == ["1", "2", "12"])
        #expect(withSources.complete("format j") == .init(insertion: "son ", candidates: ["json"]))
        #expect(
            withSources.complete("docs list --policy net")
                == .init(insertion: "work-first ", candidates: ["network-first"]))
        #expect(withSources.complete("source Doc") == .init(insertion: "s", candidates: ["Docs/", "Docs.md"]))
        #expect(withSources.complete("source se") == .init(insertion: "tup.strata ", candidates: ["setup.strata"]))
    }

    @Test func aFolderCompletesWithoutASpaceSoTabCanGoOn() {
        let completer = Completer(
            registry: CompositionRoot.registry(), sources: Completer.Sources(paths: { _ in ["Docs/"] }))
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
