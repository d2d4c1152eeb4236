import Foundation
import Testing

/// Rules about the repository as a whole: what a team copies must stand alone and stay readable.
@Suite("The repository's own rules")
struct RepositoryRulesTests {
    static let root = LayerDependencyTests.packageRoot

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func files(under folder: String, extensions: Set<String>) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            .filter { extensions.contains(URL(fileURLWithPath: $0).pathExtension) }
            .map { folder + "/" + $0 }.sorted()
    }

    @Test func noSourceFileIsLongerThan300Lines() throws {
        for file in try Self.files(under: "Sources", extensions: ["swift"]) {
            let lines = try Self.text(file).split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(lines <= 300, "\(file) has \(lines) lines; split it by concern")
        }
    }

    @Test func theExtendingGuideNamesOnlyFilesThatExist() throws {
        let guide = try Self.text("Docs/Extending.md")
        let paths = Self.backtickedPaths(in: guide)
        #expect(paths.count > 40, "the checklists name the files to touch")
        for path in paths where !path.contains("<") {
            #expect(
                FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path),
                "Docs/Extending.md names \(path), which does not exist")
        }
        for recipe in ["## (a)", "## (b)", "## (c)", "## (d)"] { #expect(guide.contains(recipe)) }
        #expect(guide.components(separatedBy: "```repl").count - 1 >= 4, "each recipe has a replayed block")
    }

    @Test func theCIWorkflowRunsTheStepsOfTheCIScript() throws {
        // .ci/run is what CI runs on a fresh clone; the workflow is the same for teams on GitHub.
        let script = try Self.text(".ci/run").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("make ") }
        let workflow = try Self.text(".github/workflows/ci.yml").split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("run: ") }
            .map { String($0.dropFirst("run: ".count)) }
        #expect(!script.isEmpty && script == workflow, "the workflow runs \(workflow), .ci/run \(script)")
        #expect(try Self.text(".github/workflows/ci.yml").contains("container: swift:6.3"))
        // What .ci/run leaves out for time runs nightly (ADR 0054).
        let nightly = try Self.text(".github/workflows/release.yml").split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("run: ") }
        #expect(nightly == ["run: make release", "run: make bench-check"])
        #expect(try Self.text(".github/workflows/release.yml").contains("schedule:"))
    }

    @Test func aCopyOfTheTemplateHasItsLicenseAndContributingGuide() throws {
        #expect(try Self.text("LICENSE").hasPrefix("MIT License"))
        let contributing = try Self.text("CONTRIBUTING.md")
        for topic in ["make test", "Docs/Conventions.md", "--filter", "Docs/ADR/0000-template.md"] {
            #expect(contributing.contains(topic), "CONTRIBUTING.md says nothing of \(topic)")
        }
    }

    @Test func theDocCCatalogsCoverTheArchitectureAndEveryLayer() throws {
        // make docs (in .ci/run) fails on a broken link; this fails on a missing article.
        let domain = try Self.text("Sources/Domain/Domain.docc/Domain.md")
        for article in ["Architecture", "DomainLayer", "DataLayer", "CompositionRoot"] {
            #expect(domain.contains("<doc:\(article)>"), "the Domain catalog does not list \(article)")
            #expect(try Self.text("Sources/Domain/Domain.docc/\(article).md").hasPrefix("# "))
        }
        let presentation = try Self.text("Sources/Presentation/Presentation.docc/Presentation.md")
        #expect(presentation.contains("<doc:PresentationLayer>"))
        #expect(try Self.text("Sources/Presentation/Presentation.docc/PresentationLayer.md").hasPrefix("# "))
        #expect(try Self.text(".ci/run").contains("make docs"))
    }

    @Test func theConventionsNameEveryModule() throws {
        let conventions = try Self.text("Docs/Conventions.md")
        let manifest = try Self.text("Package.swift")
        let targets = Self.matches(#"\.(?:target|executableTarget)\(\s*name: "(\w+)""#, in: manifest)
        #expect(targets.count >= 7)
        for target in targets where target != "Benchmarks" {
            #expect(conventions.contains("`\(target)`"), "Docs/Conventions.md does not describe \(target)")
        }
    }

    @Test func nothingPointsOutsideTheRepository() throws {
        var files = ["README.md", "Makefile"]
        for folder in ["Docs", "Sources", "Tests", "Scripts", "Benchmarks"] {
            files += try Self.files(under: folder, extensions: ["md", "swift", "py", "sh"])
        }
        for file in files where !file.hasSuffix("RepositoryRulesTests.swift") {
            let text = try Self.text(file)
            #expect(!text.contains("../shared"), "\(file) points outside the repository")
            #expect(
                Self.matches(#"\b[Ss]eeds? ?(\d{3})\b"#, in: text).isEmpty, "\(file) cites a document it does not ship")
        }
    }

    /// Paths in backticks that look like files of the repository.
    static func backtickedPaths(in text: String) -> [String] {
        matches(#"`((?:Sources|Tests|Docs|Scripts|Benchmarks)/[^`\s]+\.(?:swift|md|py|sh))`"#, in: text)
    }

    static func matches(_ pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
