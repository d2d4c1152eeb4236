import Foundation
import TestSupport
import Testing

/// Memory pressure and the run context, as a process: a memory warning empties the memory tiers
/// and says how much it freed; an extension's caches are sized smaller than the app's.
@Suite("Memory warnings and contexts, as a process")
nonisolated struct MemoryContextTests {
    let repl = ReplProcess.built()

    @Test func aMemoryWarningEmptiesTheMemoryTiersAndReportsTheBytes() async throws {
        let run = try await repl.run(
            lines: ["docs show 1", "docs list", "format json", "app memory-warning", "cache stats"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let warning = try #require(lines.first { $0.contains("freedBytes") })
        let freed = try #require(
            (try JSONSerialization.jsonObject(with: Data(warning.utf8)) as? [String: Any])?["freedBytes"] as? Int)
        #expect(freed > 0)
        let stats = try #require(lines.last.map { Data($0.utf8) })
        let memory = (try JSONSerialization.jsonObject(with: stats) as? [String: Any])?["memory"] as? [String: Any]
        #expect(memory?["entries"] as? Int == 0 && memory?["bytes"] as? Int == 0)
    }

    @Test func anExtensionGetsAnEighthOfTheAppsMemoryBudget() async throws {
        func limit(_ context: String) async throws -> Int {
            let run = try await repl.run(lines: ["format json", "cache stats"], arguments: ["--context", context])
            let stats = try #require(run.stdout.split(separator: "\n").last.map { Data($0.utf8) })
            let limit = (try JSONSerialization.jsonObject(with: stats) as? [String: Any])?["memoryLimit"]
            return try #require((limit as? [String: Any])?["bytes"] as? Int)
        }
        let app = try await limit("app")
        let appExtension = try await limit("extension")
        #expect(appExtension * 8 == app)
        let refused = try await repl.run(["--context", "watch"])
        #expect(refused.status == 2 && refused.stderr.contains("'watch' is invalid for '--context"))
    }
}
