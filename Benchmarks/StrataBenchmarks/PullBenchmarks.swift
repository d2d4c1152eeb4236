import DemoBackend
import Domain
import Foundation
import Logging
import StrataData

extension BenchmarkApp {
    /// Pulls 100k server changes into a new device database three times, each right after raw C
    /// inserts of as many rows into a new database (the baseline); the medians count.
    ///
    /// The machine's speed drifts by up to 2× within minutes, so the baseline is timed beside each
    /// pull rather than once, minutes earlier, in the ingest benchmark.
    static func pullBenchmark(folder: URL, report: inout Report) async throws {
        let count = 100_000
        var quiet = Logger(label: "strata.demo-backend")
        quiet.logLevel = .warning  // a line per request would be most of what the run prints
        let backend = try DemoBackend(signIn: .open, logger: quiet)
        let url = try await backend.start()
        try await backend.addDocuments(count: count)
        // A server whose collection of a generated feature's items has as many (and the 3 sample documents).
        let notesBackend = try DemoBackend(
            collections: DemoSeed.collections + [benchNotesCollection], signIn: .open, logger: quiet)
        let notesURL = try await notesBackend.start()
        try await notesBackend.addItems(count: count, to: benchNotesCollection.name)
        var notesSamples: [Double] = []
        let rounds = syncRounds
        var pulled = 0
        var pullSamples: [Double] = []
        var rawSamples: [Double] = []
        var cpu = 0.0
        let clock = ContinuousClock()
        for round in 1...rounds {
            let raw = try await rawInserter(at: folder.appendingPathComponent("pull-baseline-\(round).sqlite"))
            rawSamples.append(Measure.secondsSync(runs: 1) { raw.insert(count: count, startingAt: 1) })
            let cpuBefore = Measure.processCPUSeconds()
            let start = clock.now
            let monitor = NetworkMonitor()
            let client = APIClient(
                baseURL: url, http: NIOHTTPClient(timeout: 30), security: .development, retry: .never,
                clock: ContinuousClock(), now: { Date() }, monitor: monitor)
            let database = try AppDatabase.open(at: folder.appendingPathComponent("pull-\(round).sqlite"))
            let stack = DataStack(database: database, api: client, monitor: monitor, now: { Date() })
            pulled = try await stack.sync.pull().pulled
            pullSamples.append(start.duration(to: clock.now).seconds)
            cpu += Measure.processCPUSeconds() - cpuBefore
            // The same pull for a generated feature's items, on a device that holds only them.
            let notesFile = folder.appendingPathComponent("pull-notes-\(round).sqlite")
            let notesDatabase = try AppDatabase.open(at: notesFile)
            try await addNotesTable(to: notesFile)
            let notesClient = APIClient(
                baseURL: notesURL, http: NIOHTTPClient(timeout: 30), security: .development, retry: .never,
                clock: ContinuousClock(), now: { Date() }, monitor: monitor)
            let notesStack = DataStack(database: notesDatabase, api: notesClient, monitor: monitor, now: { Date() })
            let store = FeatureStore<BenchNotes>(stack: notesStack, api: notesClient)
            let notesStart = clock.now
            let notes = try await notesStack.sync.pull().pulled
            notesSamples.append(notesStart.duration(to: clock.now).seconds)
            withExtendedLifetime(store) {}
            guard notes == count + 3 else { throw BenchmarkError.unexpected("the pull brought \(notes) items") }
        }
        let seconds = pullSamples.sorted()[rounds / 2]
        let rawInserts = rawSamples.sorted()[rounds / 2]
        let cpuPerPull = cpu / Double(rounds)
        await backend.stop()
        await notesBackend.stop()
        guard pulled >= count else { throw BenchmarkError.unexpected("the pull brought \(pulled) documents") }
        report.add(
            ReportRow(
                name: "Raw C inserts of 100k records into a new database, timed before each pull (its baseline)",
                value: rawInserts, unit: .seconds))
        report.add(
            ReportRow(
                name: "Sync: pull \(count) changed records into a new device (pages of 2,000, a transaction each)",
                value: seconds, unit: .seconds, target: .ratio(2, rawInserts),
                whyMissed: """
                    the baseline only inserts; a pull also serves each page (the server reads and sends 2,000 \
                    documents), decodes it and writes the rows with their cache metadata (and the search index's \
                    marks). Each answer names the next page in a Link header before its body, so the server's work \
                    on the next page overlaps the decoding of this one and the writing of the one before (ADR \
                    0043): the pull keeps both cores busy, its CPU time (next row) about 1.65 times its wall time. \
                    Profiled with perf over the pulls alone: decoding a third of that CPU (Foundation's \
                    JSONDecoder: a keyed container and generic metadata lookups per document), writing a third \
                    (SQLite's own work most of it), the server a fifth, the rest the HTTP exchange and allocation.
                    """, gate: 16))
        report.add(
            ReportRow(
                name: "CPU time of one such pull (every thread: the client, its decoding and writing, the server)",
                value: cpuPerPull, unit: .seconds))
        report.add(
            ReportRow(
                name:
                    "Sync: pull \(count) changed items of a generated feature (the documents' fields) into a new device",
                value: notesSamples.sorted()[rounds / 2], unit: .seconds, target: .ratio(1.2, seconds),
                whyMissed: "the same engine pulls both; the difference is the run's noise.", gate: 2))
    }

    /// `--pull-only`: the pull and its baseline alone.
    static func pullAlone(folder: URL, report: inout Report) async throws {
        try await pullBenchmark(folder: folder, report: &report)
    }
}
