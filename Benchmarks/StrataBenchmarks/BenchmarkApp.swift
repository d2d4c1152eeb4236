import DemoBackend
import Domain
import Foundation
import StrataData

/// `make bench`: measures the data layer against baselines it implements itself, prints a table
/// and writes Docs/Performance.md.
@main
enum BenchmarkApp {
    /// How many times the sync benchmarks run each side: three for `make bench`, whose medians
    /// are reported, one for `make bench-check`, whose gates are loose enough for one run's noise.
    static var syncRounds: Int { CommandLine.arguments.contains("--check") ? 1 : 3 }

    static func main() async throws {
        if CommandLine.arguments.contains("--probe-memory") {
            try await ReadProbe.memoryLoop()
            return
        }
        if CommandLine.arguments.contains("--probe-read") {
            try await ReadProbe.run()
            return
        }
        if let index = CommandLine.arguments.firstIndex(of: "--fill-server"),
            CommandLine.arguments.indices.contains(index + 1)
        {
            try await fillServer(CommandLine.arguments[index + 1])
            return
        }
        if let index = CommandLine.arguments.firstIndex(of: "--browse-rss") {
            try browseInChild(Array(CommandLine.arguments[(index + 1)...]))
            return
        }
        if CommandLine.arguments.contains("--live-only") {
            var live = Report()
            try liveBenchmarks(report: &live)
            print(live.table)
            return
        }
        if CommandLine.arguments.contains("--browse-only") {
            var browsing = Report()
            for row in try await browsingRSS() { browsing.add(row) }
            print(browsing.table)
            return
        }
        if let index = CommandLine.arguments.firstIndex(of: "--page-rss") {
            try await pageInChild(Array(CommandLine.arguments[(index + 1)...]))
            return
        }
        if let index = CommandLine.arguments.firstIndex(of: "--flood-rss") {
            try floodInChild(Array(CommandLine.arguments[(index + 1)...]))
            return
        }
        if CommandLine.arguments.contains("--flood-only") {
            var flood = Report()
            flood.add(try hostileAnswerRSS())
            print(flood.table)
            return
        }
        if let index = CommandLine.arguments.firstIndex(of: "--upload-rss") {
            try await uploadInChild(Array(CommandLine.arguments[(index + 1)...]))
            return
        }
        // One group alone, printed and not written: for working on it.
        let alone: [(String, (URL, inout Report) async throws -> Void)] = [
            ("--search-only", { try await localSearchBenchmark(folder: $0, report: &$1) }),
            ("--upload-only", { try await uploadBenchmark(folder: $0, report: &$1) }),
            ("--pull-only", { try await pullAlone(folder: $0, report: &$1) }),
            ("--push-only", { try await syncBenchmarks(folder: $0, report: &$1) }),
            ("--import-only", { try await importBenchmark(folder: $0, report: &$1) }),
            ("--signal-only", { try await signalBenchmark(folder: $0, report: &$1) }),
        ]
        if let (_, run) = alone.first(where: { CommandLine.arguments.contains($0.0) }) {
            var report = Report()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try await run(folder, &report)
            print(report.table)
            return
        }
        if CommandLine.arguments.contains("--stream-rss") {
            try await streamMillionRecords()
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var report = Report()
        if CommandLine.arguments.contains("--check") {
            // make bench-check: the ratios alone, each against its gate; a worse one fails the run.
            try await readBenchmarks(folder: folder, report: &report)
            try await ingestBenchmark(folder: folder, report: &report)
            try await syncBenchmarks(folder: folder, report: &report)
            try await pullBenchmark(folder: folder, report: &report)
            let check = report.gateCheck
            print(check.table)
            print(check.passed ? "bench-check: every ratio is within its gate" : "bench-check: a ratio regressed")
            // `exit` skips the `defer` above: the run's 300 MB of databases would stay behind.
            try? FileManager.default.removeItem(at: folder)
            exit(check.passed ? 0 : 1)
        }
        if CommandLine.arguments.contains("--remote-only") {
            // The remote tier alone, printed and not written: for profiling a change to it.
            try await ingestBenchmark(folder: folder, report: &report)
            try await syncBenchmarks(folder: folder, report: &report)
            try await pullBenchmark(folder: folder, report: &report)
            try await importBenchmark(folder: folder, report: &report)
            print(report.table)
            return
        }
        // Every flag has returned by now: what is left is a mistyped one, which must not start the
        // full run and overwrite Docs/Performance.md.
        if let unknown = CommandLine.arguments.dropFirst().first(where: { $0.hasPrefix("--") }) {
            FileHandle.standardError.write(Data("Benchmarks: unknown flag \(unknown); nothing was measured\n".utf8))
            try? FileManager.default.removeItem(at: folder)
            exit(2)
        }
        try await readBenchmarks(folder: folder, report: &report)
        try await localSearchBenchmark(folder: folder, report: &report)
        try await singleFlightBenchmark(report: &report)
        try await ingestBenchmark(folder: folder, report: &report)
        try await syncBenchmarks(folder: folder, report: &report)
        try await pullBenchmark(folder: folder, report: &report)
        try await importBenchmark(folder: folder, report: &report)
        try await serverRestartBenchmark(folder: folder, report: &report)
        try trickleBenchmark(folder: folder, report: &report)
        report.add(try streamingRSS())
        try await uploadBenchmark(folder: folder, report: &report)
        report.add(try await startupBenchmark())
        try liveBenchmarks(report: &report)
        try await signalBenchmark(folder: folder, report: &report)
        for row in try await browsingRSS() { report.add(row) }
        report.add(try hostileAnswerRSS())
        print(report.table)
        let output = CommandLine.arguments.dropFirst().first { !$0.hasPrefix("--") } ?? "Docs/Performance.md"
        try report.markdown.write(toFile: output, atomically: true, encoding: .utf8)
        print("\nwrote \(output)")
    }
}

/// Why a benchmark could not run.
enum BenchmarkError: Error {
    case rawOpen
    /// A process or server answered something the benchmark did not expect.
    case unexpected(String)
}
