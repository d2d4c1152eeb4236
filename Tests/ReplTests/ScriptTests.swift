import Foundation
import TestSupport
import Testing

/// `--script FILE` and `source FILE` follow the batch-mode rules and name the file in errors.
@Suite("Scripts, as a process")
nonisolated struct ScriptTests {
    let repl = ReplProcess.built()

    func write(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-\(UUID().uuidString).strata")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test func aScriptRunsAndErrorsNameItsFileAndLine() async throws {
        let script = try write("format plain\nbogus\ndocs delete 3\n")
        defer { try? FileManager.default.removeItem(at: script) }
        let outcome = try await repl.run(["--script", script.path])
        #expect(outcome.status == 1)
        #expect(outcome.stdout == "Output format: plain\n3\n")
        #expect(outcome.stderr == "error: \(script.path):2: unknown command 'bogus' (try 'help')\n")
    }

    @Test func sourceRunsAFileInsideASessionAndBailStops() async throws {
        let script = try write("bogus\nformat plain\n")
        defer { try? FileManager.default.removeItem(at: script) }
        let outcome = try await repl.run(lines: ["source \(script.path)", "docs delete 2"], arguments: ["--bail"])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr == "error: \(script.path):1: unknown command 'bogus' (try 'help')\n")
    }

    @Test("Unreadable scripts are one clear error", arguments: ["/no/such/file.strata", "/tmp"])
    func unreadableScripts(path: String) async throws {
        let outcome = try await repl.run(lines: ["source \(path)", "format plain"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.hasPrefix("error: line 1: cannot read script '\(path)'"))
        #expect(outcome.stdout == "Output format: plain\n")
    }

    /// `--script` naming no file said `error: line 0: …`: no line had been read.
    @Test func aScriptFileThatCannotBeReadIsOneErrorWithoutALine() async throws {
        let outcome = try await repl.run(["--script", "/no/such/file.strata"], input: Data())
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "error: cannot read script '/no/such/file.strata': no such file\n")
    }

    @Test func aScriptThatSourcesItselfStopsWithAnError() async throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("strata-loop-\(UUID()).strata")
        try "source \(script.path)\n".write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let outcome = try await repl.run(["--script", script.path])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("scripts nest deeper than 8 levels"))
    }
}
