import DemoBackend
import Domain
import Foundation
import GRDB
import StrataData

extension BenchmarkApp {
    static func singleFlightBenchmark(report: inout Report) async throws {
        let backend = try DemoBackend(signIn: .open)
        let url = try await backend.start()
        await backend.setLatency(milliseconds: 100)
        let client = APIClient(
            baseURL: url, http: NIOHTTPClient(timeout: 30), security: .development, retry: .never,
            clock: ContinuousClock(), now: { Date() }
        )
        let source = CacheBackedDataSource(
            local: InMemoryLocalStore<Document.ID, Document>(), remote: client.documentStore(),
            configuration: .init(timeToLive: 60, memoryLimits: .forContext(.mainApp), cost: { _ in 1 }), now: { Date() }
        )
        let key = Workload.id(1)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<1000 { group.addTask { _ = try await source.read(key, policy: .cacheFirst) } }
            try await group.waitForAll()
        }
        let requests = await backend.requestCount("GET /documents/:id")
        await backend.stop()
        report.add(
            ReportRow(
                name: "1000 concurrent misses of one key → requests at the server", value: Double(requests),
                unit: .count, target: .exactly(1)))
    }

    /// Ingests 100k records through the data source beside raw C inserts.
    static func ingestBenchmark(folder: URL, report: inout Report) async throws {
        let count = 100_000
        let (rawSeconds, indexedSeconds) = try await rawInsertSeconds(folder: folder, count: count)
        let source = Workload.source(try AppDatabase.open(at: folder.appendingPathComponent("ingest.sqlite")))
        var round = 0
        let seconds = try await Measure.seconds {
            let first = round * count + 1
            round += 1
            let records = (first..<(first + count)).map { (key: Workload.id($0), object: Workload.record($0)) }
            try await source.ingest(records, validators: RemoteValidators())
        }
        report.add(
            ReportRow(name: "Raw C inserts of 100k records (one transaction)", value: rawSeconds, unit: .seconds))
        report.add(
            ReportRow(
                name: "Raw C inserts of 100k records, the search index's triggers marking each",
                value: indexedSeconds, unit: .seconds))
        report.add(
            ReportRow(
                name: "Ingest 100k records through the data source", value: seconds, unit: .seconds,
                target: .ratio(2.5, rawSeconds),
                whyMissed: """
                    the data source writes two rows per record (the record and its cache metadata) where the \
                    baseline writes one, and encodes each by column name; since issue 15 the database's \
                    change feed (ADR 0031) costs every changed row a callback (2.8× with it, 2.4–2.6× without); \
                    and since issue 16 the search index's triggers mark each row (the baseline's inserts take \
                    about 1.8× as long with them, the ingest 1.25×).
                    """, gate: 6)
        )
    }

    /// Offline writes and pushing 10k of them.
    static func syncBenchmarks(folder: URL, report: inout Report) async throws {
        let backend = try DemoBackend(signIn: .open)
        let url = try await backend.start()
        let monitor = NetworkMonitor()
        let client = APIClient(
            baseURL: url, http: NIOHTTPClient(timeout: 30), security: .development, retry: .never,
            clock: ContinuousClock(), now: { Date() }, monitor: monitor)
        let database = try AppDatabase.open(at: folder.appendingPathComponent("sync.sqlite"))
        let stack = DataStack(database: database, api: client, monitor: monitor, now: { Date() })
        let documents = stack.documentRepository
        let engine = stack.sync
        let pending = 10_000
        let clock = ContinuousClock()
        let writeStart = clock.now
        for number in 0..<pending {
            try await documents.queue([DocumentDraft(title: "offline \(number)", body: "", tags: [])])
        }
        let perWrite = (clock.now - writeStart) / pending
        let pushStart = clock.now
        let cpuBefore = Measure.processCPUSeconds()
        let pushed = try await engine.push()  // the pull is measured on its own below
        let pushSeconds = (clock.now - pushStart).seconds
        let pushCPU = Measure.processCPUSeconds() - cpuBefore
        await backend.stop()
        report.add(
            ReportRow(
                name: "Offline write: local version + outbox entry (one transaction)", value: perWrite.seconds * 1e9,
                unit: .nanoseconds))
        report.add(
            ReportRow(
                name:
                    "Sync: push \(pushed.pushed) pending creates over loopback HTTP (batches ≤ 500 changes, ≤ 60 KiB)",
                value: pushSeconds, unit: .seconds, target: .atMost(1.5),
                whyMissed: """
                    its CPU time (next row) is about 1.5 times its wall time. Profiled with perf over the push: \
                    the server's batch transactions take 37 % of the CPU, one batch after another (the \
                    idempotency record and lookup a fifth of that; reading the batch's JSON a twentieth since ADR 0044); the device \
                    settles a batch (26 %) while the next is on its way and reads the one after it meanwhile \
                    (ADR 0038); encoding requests and decoding answers 8 %. The server draws ids and change \
                    numbers in memory for a whole batch, and FoundationNetworking's busy-wait is gone since a \
                    batch stays under 60 KiB (ADR 0040).
                    """))
        report.add(
            ReportRow(
                name: "CPU time of that push (every thread: the client, its HTTP stack, the in-process server)",
                value: pushCPU, unit: .seconds))
    }

    /// Raw C inserts of `count` records in one transaction: into the table alone (the baseline)
    /// and with the search index's triggers marking each row; in seconds.
    static func rawInsertSeconds(folder: URL, count: Int) async throws -> (plain: Double, indexed: Double) {
        let raw = try await rawInserter(at: folder.appendingPathComponent("raw-ingest.sqlite"))
        let indexedPath = folder.appendingPathComponent("raw-indexed-ingest.sqlite")
        _ = try AppDatabase.open(at: indexedPath)  // the app's schema, search index and all
        guard let indexed = RawSQLite(path: indexedPath.path) else { throw BenchmarkError.rawOpen }
        var rawRound = 0
        let rawSeconds = Measure.secondsSync {
            raw.insert(count: count, startingAt: rawRound * count + 1)
            rawRound += 1
        }
        var indexedRound = 0
        let indexedSeconds = Measure.secondsSync {
            indexed.insert(count: count, startingAt: indexedRound * count + 1)
            indexedRound += 1
        }
        return (rawSeconds, indexedSeconds)
    }

    /// The baseline's connection to a new database at `path`: the app's schema, without the search
    /// index's triggers (the table alone, as before the search index of issue 16: what its triggers
    /// cost is measured apart).
    static func rawInserter(at path: URL) async throws -> RawSQLite {
        _ = try AppDatabase.open(at: path)
        try await DatabaseQueue(path: path.path).write { db in
            for trigger in ["document_fts_insert", "document_fts_update", "document_fts_delete"] {
                try db.execute(sql: "DROP TRIGGER \(trigger)")
            }
        }
        guard let raw = RawSQLite(path: path.path) else { throw BenchmarkError.rawOpen }
        return raw
    }
}
