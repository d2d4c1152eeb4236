import Foundation
import TestSupport
import Testing

/// The lint scripts must catch what they exist to catch; these run them on planted violations.
@Suite("Lint scripts")
struct LintScriptTests {
    static let root = LayerDependencyTests.packageRoot

    func runScript(_ name: String, on directory: URL) async throws -> (status: Int32, output: String) {
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("strata-lint-\(UUID()).log")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let status = try await ReplProcess.runToCompletion(
            URL(fileURLWithPath: "/usr/bin/env"),
            arguments: ["python3", Self.root.appendingPathComponent("Scripts/\(name)").path, directory.path],
            output: try FileHandle(forWritingTo: outputFile))
        return (status, (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "")
    }

    func scratch(_ files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-lint-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return directory
    }

    @Test(
        "Each forbidden construct is reported with file and line",
        arguments: [
            "let x = try! load()", "let y = value as! Int", "fatalError(\"boom\")", "precondition(ok)",
            "preconditionFailure()", "assert(x > 0)", "let z = optional!.count", "var name: String!",
            "let process = Process()", "FileHandle.standardError.write(Data(text.utf8))",
            #"let id: Int = row["id"]"#, "let first: String = row[0]",
        ])
    func forbiddenConstructIsCaught(line: String) async throws {
        let directory = try scratch(["Bad.swift": "import Foundation\n\(line)\n"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await runScript("forbidden_constructs.py", on: directory)
        #expect(result.status == 1)
        #expect(result.output.contains("Bad.swift:2: forbidden construct"))
    }

    @Test func commentsStringsAndComparisonsAreNotFlagged() async throws {
        let clean = """
            // try! in a comment, fatalError( too
            let message = "do not try! this"
            let raw = #"x!"#
            let ok = a != b && !c
            let chained = value?.count ?? 0
            let child = ChildProcess(pid: 1)
            let lock = ProcessLock(at: url)
            try handle.fileHandleForWriting.write(contentsOf: data)
            let id = try row.decode(Int.self, forColumn: "id")
            let rows = table[0]
            """
        let directory = try scratch(["Clean.swift": clean])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await runScript("forbidden_constructs.py", on: directory)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func aClassWithAnIsolatedDeinitMustNameItsActor() async throws {
        let implicit = "import Foundation\npublic final class Timer {\n    isolated deinit {}\n}\n"
        let spelled =
            "import Foundation\n@MainActor\n@Observable\npublic final class Timer {\n    isolated deinit {}\n}\n"
        let directory = try scratch(["Implicit.swift": implicit, "Spelled.swift": spelled])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await runScript("forbidden_constructs.py", on: directory)
        #expect(result.status == 1)
        #expect(result.output.contains("Implicit.swift:2: a class with an isolated deinit names its global actor"))
        #expect(!result.output.contains("Spelled.swift"))
    }

    @Test func duplicateAndUnindexedADRsAreReported() async throws {
        let sections = "## Status\n## Context\n## Decision\n## Consequences\n## Alternatives considered\n"
        let directory = try scratch([
            "README.md": "[a](0001-first.md)\n",
            "0001-first.md": sections, "0001-second.md": sections,
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await runScript("check_adrs.py", on: directory)
        #expect(result.status == 1)
        #expect(result.output.contains("ADR number 0001 is also used by"))
        #expect(result.output.contains("does not link 0001-second.md"))
    }

    @Test func theProjectsOwnSourcesAndADRsPass() async throws {
        #expect(
            try await runScript("forbidden_constructs.py", on: Self.root.appendingPathComponent("Sources")).status == 0)
        #expect(try await runScript("check_adrs.py", on: Self.root.appendingPathComponent("Docs/ADR")).status == 0)
    }
}
