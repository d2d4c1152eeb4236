import DemoBackend
import Domain
import Foundation
import Logging
import StrataData

extension BenchmarkApp {
    /// Pulls 100k server changes into a new device database, three times (the median counts),
    /// against raw C inserts of the same number of rows measured in the same run.
    static func pullBenchmark(folder: URL, rawInserts: Double, report: inout Report) async throws {
        let count = 100_000
        var quiet = Logger(label: "strata.demo-backend")
        quiet.logLevel = .warning  // a line per request would be most of what the run prints
        let backend = try DemoBackend(signIn: .open, logger: quiet)
        let url = try await backend.start()
        try await backend.addDocuments(count: count)
        var round = 0
        var pulled = 0
        let cpuBefore = Measure.processCPUSeconds()
        let seconds = try await Measure.seconds {
            round += 1
            let monitor = NetworkMonitor()
            let client = APIClient(
                baseURL: url, http: URLSessionHTTPClient(timeout: 30), security: .development, retry: .never,
                clock: ContinuousClock(), now: { Date() }, monitor: monitor)
            let database = try AppDatabase.open(at: folder.appendingPathComponent("pull-\(round).sqlite"))
            let stack = DataStack(database: database, api: client, monitor: monitor, now: { Date() })
            pulled = try await stack.sync.pull().pulled
        }
        let cpuPerPull = (Measure.processCPUSeconds() - cpuBefore) / Double(round)
        await backend.stop()
        guard pulled >= count else { throw BenchmarkError.unexpected("the pull brought \(pulled) documents") }
        report.add(
            ReportRow(
                name: "Sync: pull \(count) changed records into a new device (pages of 2,000, a transaction each)",
                value: seconds, unit: .seconds, target: .ratio(2, rawInserts),
                whyMissed: """
                    the baseline only inserts; a pull also serves each page (the server reads and sends 2,000 \
                    documents), decodes it and writes the rows with their cache metadata (and the search index's \
                    marks). The next page is asked for while one is written, so the pull keeps both cores busy: \
                    its CPU time (next row) is about 1.6 times its wall time. Profiled with perf over the pulls \
                    alone: decoding a quarter of that CPU (Foundation's JSONDecoder; making each document's keyed \
                    container is a fifth of it, its two integers another fifth), the transactions a fifth, the \
                    server's reads 7 %, the rest the HTTP exchange, allocation and SQLite's own work.
                    """, gate: 16))
        report.add(
            ReportRow(
                name: "CPU time of one such pull (every thread: the client, its decoding and writing, the server)",
                value: cpuPerPull, unit: .seconds))
    }

    /// `--pull-only`: the pull and its baseline alone.
    static func pullAlone(folder: URL, report: inout Report) async throws {
        let (raw, _) = try await rawInsertSeconds(folder: folder, count: 100_000)
        report.add(ReportRow(name: "Raw C inserts of 100k records (one transaction)", value: raw, unit: .seconds))
        try await pullBenchmark(folder: folder, rawInserts: raw, report: &report)
    }
}
