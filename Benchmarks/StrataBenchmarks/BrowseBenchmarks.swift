import Domain
import Foundation
import Glibc
import StrataData

extension BenchmarkApp {
    /// How many documents the browsing benchmark reads, one `docs show` each.
    static let browsedDocuments = 10_000

    /// Peak RSS of a REPL that browses 10,000 cached documents of about 4 KB each (40 MB of
    /// text, more than either context's memory tier holds), in the extension context and the
    /// app's; and the same REPL's peak when it only starts and quits, for the baseline.
    static func browsingRSS() async throws -> [ReportRow] {
        guard sibling("repl") != nil else {
            return [ReportRow(name: "Peak RSS browsing 10k documents (repl not built)", value: 0, unit: .megabytes)]
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-browse-\(UUID().uuidString)")
        defer {
            if ProcessInfo.processInfo.environment["STRATA_BENCH_KEEP"] == nil {
                try? FileManager.default.removeItem(at: scratch)
            }
        }
        let home = scratch.appendingPathComponent("home")
        let support = home.appendingPathComponent("Library/Application Support")
        try FileManager.default.createDirectory(at: support, withIntermediateDirectories: true)
        try await Workload.source(try AppDatabase.open(at: support.appendingPathComponent("strata.sqlite"))).ingest(
            (1...browsedDocuments).map { (key: Workload.id($0), object: largeRecord($0)) },
            validators: RemoteValidators(maxAge: 3600))
        let browse = (1...browsedDocuments).map { "docs show \($0) --policy local-only\n" }.joined() + "quit\n"
        func peak(_ context: String) throws -> Double {
            let output = try runSelf([
                "--browse-rss", context, home.path, scratch.appendingPathComponent("server").path,
            ])
            return Double(output.split(separator: " ").first.flatMap { Int($0) } ?? 0) / 1_048_576
        }
        try browse.write(to: scratch.appendingPathComponent("browse.txt"), atomically: true, encoding: .utf8)
        try "quit\n".write(to: scratch.appendingPathComponent("idle.txt"), atomically: true, encoding: .utf8)
        let idle = try peak("extension-idle")
        let extensionPeak = try peak("extension")
        let appPeak = try peak("app")
        // The extension's caches get about 24 MB in all (MemoryCacheLimits.forContext); its whole
        // budget is what the process needs with nothing cached, plus that.
        return [
            ReportRow(
                name: "Peak RSS of a REPL that starts and quits (extension context, the baseline)", value: idle,
                unit: .megabytes),
            ReportRow(
                name: "Peak RSS browsing 10k documents of 4 KB, extension context (budget: baseline + 24 MiB)",
                value: extensionPeak, unit: .megabytes, target: .atMost((idle + 24).rounded())),
            ReportRow(
                name: "Peak RSS browsing 10k documents of 4 KB, app context (for comparison)", value: appPeak,
                unit: .megabytes),
        ]
    }

    /// In a child of its own (so the peak is the REPL's alone): runs the REPL in `context` over
    /// `home` with the script beside it, and prints the REPL's peak RSS in bytes.
    static func browseInChild(_ arguments: [String]) throws {
        guard arguments.count >= 3, let repl = sibling("repl") else { throw BenchmarkError.unexpected("arguments") }
        let (context, home, server) = (arguments[0], URL(fileURLWithPath: arguments[1]), arguments[2])
        let idle = context.hasSuffix("-idle")
        let script = home.deletingLastPathComponent().appendingPathComponent(idle ? "idle.txt" : "browse.txt")
        let output = try run(
            repl,
            [
                "--home", home.path, "--server-data", server, "--context", idle ? "extension" : context,
                "--format", "plain", "--script", script.path,
            ],
            input: "")
        guard idle || output.contains("Benchmark document \(browsedDocuments)") else {
            throw BenchmarkError.unexpected("the REPL did not show every document")
        }
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        print("\(usage.ru_maxrss * 1024) bytes peak")
    }

    /// A document of about 4 KB.
    private static func largeRecord(_ number: Int) -> Document {
        var large = Workload.record(number)
        large.body = String(repeating: "A line of a longer note that an extension might page through. ", count: 64)
        return large
    }
}
