import Domain
import Foundation
import Platform
import TestSupport
import Testing

/// Scenes as a user sees them: across real processes sharing one home.
@Suite("Scenes, as a process")
nonisolated struct SceneProcessTests {
    let repl = ReplProcess.built()

    func home() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("strata-scenes-\(UUID().uuidString)")
    }

    func run(_ home: URL, _ lines: [String], _ extra: [String] = []) async throws -> ReplProcess.Outcome {
        try await repl.run(lines: lines, arguments: ["--home", home.path, "--deterministic"] + extra)
    }

    @Test func quitSavesTheEditorAndTheNextLaunchRestoresItsDraft() async throws {
        let home = home()
        defer { ReplProcess.removeHome(home) }
        let first = try await run(home, ["scene open editor 1", #"edit body "draft""#, "scene open editor 1", "quit"])
        #expect(first.status == 0, "\(first.stderr)")
        let second = try await run(home, ["format json", "scene list", "scene show"])
        #expect(second.status == 0, "\(second.stderr)")
        let lines = second.stdout.split(separator: "\n").map(String.init)
        let list = try #require(lines.first { $0.hasPrefix(#"{"scenes""#) })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [String: [[String: Any]]])
        let scenes = try #require(object["scenes"])
        #expect(scenes.count == 1)
        #expect(scenes.first?["persistentIdentifier"] as? String == "s1")
        #expect(scenes.first?["configuration"] as? String == "Document Editor")
        #expect(scenes.first?["state"] as? String == "foregroundActive")
        let payload = (scenes.first?["activity"] as? [String: Any])?["payload"] as? [String: Any]
        #expect(payload?["draftBody"] as? String == "draft")
        #expect(second.stdout.contains(#""body":"draft""#) && second.stdout.contains(#""unsaved":true"#))
    }

    @Test func aDocumentWindowTypesItsTagsKeepsThemAcrossARestartAndSavesThem() async throws {
        let home = home()
        defer { ReplProcess.removeHome(home) }
        let first = try await run(
            home, ["scene open editor 1", "edit field tags home, work", "edit field nope x", "quit"])
        let fields = DocumentField.allCases.map(\.rawValue).joined(separator: ", ")
        #expect(first.stderr == "error: line 3: unknown field 'nope' (expected \(fields))\n")
        let second = try await run(home, ["save", "format json", "docs show 1"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains(#""tags":["home","work"]"#), "\(second.stdout)")
    }

    /// Tab offers `documents` among the collections, so the flag takes it: documents' list and
    /// editor are the windows opened without it.
    @Test func documentsAreACollectionAScenesFlagNames() async throws {
        let home = home()
        defer { ReplProcess.removeHome(home) }
        let outcome = try await run(
            home,
            ["scene open list --collection documents", "scene open editor 1 --collection documents", "scene list"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("Documents\n") && outcome.stdout.contains("Document Editor"))
        #expect(outcome.stdout.hasSuffix("2 scenes\n"), "\(outcome.stdout)")
    }

    @Test func badSceneInputGetsOneClearErrorEach() async throws {
        let home = home()
        defer { ReplProcess.removeHome(home) }
        let outcome = try await run(
            home,
            [
                "scene open user 1", "scene destroy s1", "scene activate s1", "scene open user 1",
                "scene disconnect s2",
                "scene disconnect s2", "scene open teapot", "open strata://nowhere/1", "open strata://documents/abc",
                "scene activate s9", "scene open editor 999", "edit body x", "scene open item 1",
                "scene open item 1 --collection recipes", "scene open editor 1 --collection recipes",
                "scene open user 1 --query rules", "scene open user 1 --collection recipes", "edit field minutes 5",
                "scene open item 1 --collection documents", "scene open user 1 --collection documents",
                "scene open user 99", "open strata://users/99", "scene list",
            ])
        #expect(outcome.status == 1)
        let errors = outcome.stderr.split(separator: "\n").map(String.init)
        #expect(
            errors == [
                "error: line 3: Scene session 's1' was destroyed; open a new scene instead",
                "error: line 6: Scene session 's2' has no connected scene",
                "error: line 7: invalid activity 'teapot' (expected one of: editor, list, item, user)",
                "error: line 8: Unknown URL path '/nowhere/1' (expected strata://documents, strata://documents/ID, strata://users/ID or a feature's strata://COLLECTION[/ID])",
                "error: line 9: Unknown URL path '/documents/abc' (expected strata://documents, strata://documents/ID, strata://users/ID or a feature's strata://COLLECTION[/ID])",
                "error: line 10: No scene session 's9' (see 'scene list')",
                "error: line 11: Document 999 was not found",
                "error: line 12: No editor is active (open one with 'scene open editor ID')",
                "error: line 13: an item needs its feature's collection (--collection NAME)",
                "error: line 14: no feature's list is named 'recipes' (this app has none)",
                "error: line 15: no feature's list is named 'recipes' (this app has none)",
                "error: line 16: --query is for a list only",
                "error: line 17: --collection is for a feature's list, item or editor only",
                "error: line 18: No editor is active (open one with 'scene open editor ID', and --collection NAME for a feature's item)",
                "error: line 19: a document opens in an editor: scene open editor ID",
                "error: line 20: --collection is for a feature's list, item or editor only",
                // A profile that cannot be read opens no scene, as a document that cannot does not
                "error: line 21: User 99 was not found",
                "error: line 22: User 99 was not found",
            ])
        #expect(outcome.stdout.hasSuffix("s2  Default Configuration  unattached  User 1\n1 scene\n"))
    }

    @Test(arguments: ["truncated", "garbage"])
    func aDamagedStateFileGivesAWarningAndAFreshStart(kind: String) async throws {
        let home = home()
        defer { ReplProcess.removeHome(home) }
        _ = try await run(home, ["scene open editor 1", #"edit body "draft""#])
        let file = home.appendingPathComponent("Library/Saved Application State/sessions.json")
        let saved = try Data(contentsOf: file)
        let damaged = kind == "truncated" ? saved.prefix(saved.count / 2) : Data("\u{0}\u{7f}not json".utf8)
        try damaged.write(to: file)
        let outcome = try await run(home, ["scene list"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "0 scenes\n")
        #expect(
            outcome.stderr
                == "warning: the saved window state in sessions.json could not be read "
                + "(kept as sessions.json.damaged); the app starts with no scenes\n")
        let aside = home.appendingPathComponent("Library/Saved Application State/sessions.json.damaged")
        #expect(try Data(contentsOf: aside) == damaged)
    }

    @Test func sessionsClosedWhileNotRunningAreDiscardedAtLaunch() async throws {
        let home = home()
        defer { ReplProcess.removeHome(home) }
        _ = try await run(home, ["scene open user 1", "scene open list"])
        let outcome = try await run(home, ["scene list"], ["--discard-scene", "s1"])
        #expect(outcome.stdout.hasPrefix("Discarded scene session s1: it was closed while Strata was not running.\n"))
        #expect(!outcome.stdout.contains("User 1") && outcome.stdout.contains("1 scene"))
    }

    /// The draft reaches disk before the command's output: killing the process as soon as the
    /// output appears must never lose it, nor leave a broken state file.
    @Test func aDraftSurvivesSIGKILLTwentyTimesInARow() async throws {
        let home = home()
        defer { ReplProcess.removeHome(home) }
        for round in 1...20 {
            let draft = "draft \(round)"
            let opened = round == 1 ? "scene open editor 1\n" : ""
            try await KilledRepl.run(
                executable: repl.executable, arguments: ["--home", home.path, "--deterministic"],
                input: opened + "edit body \"\(draft)\"\n", killAfterOutput: "\n\(draft)\n")
            let check = try await run(home, ["scene show"])
            #expect(check.stdout.hasSuffix("\n\n\(draft)\n"), "round \(round): \(check.stdout) \(check.stderr)")
            #expect(check.stderr.isEmpty, "round \(round): \(check.stderr)")
        }
    }
}
