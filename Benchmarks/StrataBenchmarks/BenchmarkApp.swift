import DemoBackend
import Domain
import Foundation
import GRDB
import StrataData

/// `make bench`: measures the data layer against baselines it implements itself, prints a table
/// and writes Docs/Performance.md.
@main
enum BenchmarkApp {
    static func main() async throws {
        if CommandLine.arguments.contains("--probe-read") {
            try await ReadProbe.run()
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
        try await readBenchmarks(folder: folder, report: &report)
        try await singleFlightBenchmark(report: &report)
        try await ingestBenchmark(folder: folder, report: &report)
        try await syncBenchmarks(folder: folder, report: &report)
        report.add(try streamingRSS())
        report.add(try startupBenchmark())
        print(report.table)
        let output = CommandLine.arguments.dropFirst().first { !$0.hasPrefix("--") } ?? "Docs/Performance.md"
        try report.markdown.write(toFile: output, atomically: true, encoding: .utf8)
        print("\nwrote \(output)")
    }
}

// MARK: - Private

extension BenchmarkApp {
    typealias DiskSource = CacheBackedDataSource<SQLiteDocumentStore, GeneratedRemoteStore>

    private static func source(_ database: AppDatabase) -> DiskSource {
        DiskSource(
            local: SQLiteDocumentStore(database: database), remote: GeneratedRemoteStore(),
            configuration: .init(timeToLive: 3600, memoryLimits: .forContext(.mainApp), cost: { $0.body.utf8.count }),
            now: { Workload.fetchedAt }
        )
    }

    private static func readBenchmarks(folder: URL, report: inout Report) async throws {
        let path = folder.appendingPathComponent("reads.sqlite").path
        let database = try AppDatabase.open(at: URL(fileURLWithPath: path))
        let source = source(database)
        try await source.ingest(
            (1...1000).map { (key: $0, object: Workload.record($0)) }, validators: RemoteValidators())
        _ = try await source.read(42, policy: .cacheFirst)

        let memory = try await Measure.latency { _ = try await source.read(42, policy: .cacheFirst) }
        report.add(
            ReportRow(
                name: "Memory-tier hit (data source)", value: memory.median, unit: .nanoseconds, target: .atMost(1000)))

        guard let raw = RawSQLite(path: path) else { throw BenchmarkError.rawOpen }
        let rawLookup = Measure.latencyOfLoop(count: 200_000) { count in
            _ = raw.lookups(id: 42, count: count, sql: Workload.selectSQL)
        }
        let disk = try await Measure.latency { _ = try await source.read(42, policy: .skipMemory) }
        let rawAutocommit = Measure.latencyOfLoop(count: 200_000) { count in
            _ = raw.lookups(id: 42, count: count, sql: Workload.selectSQL, inTransaction: false)
        }
        report.add(
            ReportRow(
                name: "Raw sqlite3 lookup (prepared, in a read transaction)", value: rawLookup, unit: .nanoseconds))
        report.add(
            ReportRow(
                name: "Raw sqlite3 lookup (prepared, autocommit: a transaction per lookup)", value: rawAutocommit,
                unit: .nanoseconds)
        )
        report.add(
            ReportRow(
                name: "SQLite-tier hit (data source, skip-memory)", value: disk.median, unit: .nanoseconds,
                target: .ratio(3, rawLookup))
        )

        let pool = database.pool
        let direct = try await Measure.latency {
            _ = try pool.read { db -> Document? in
                guard
                    let row = try Row.fetchOne(
                        db.cachedStatement(sql: Workload.selectSQL), arguments: ["document:42", 42])
                else {
                    return nil
                }
                let tags: String = row[3]
                return Document(
                    id: row[0], title: row[1], body: row[2], tags: tags.split(separator: " ").map(String.init),
                    createdAt: Date(timeIntervalSince1970: row[4]), updatedAt: Date(timeIntervalSince1970: row[5]),
                    version: row[6]
                )
            }
        }
        let lists = CacheBackedDataSource(
            local: InMemoryLocalStore<DocumentListQuery, [DocumentSummary]>(),
            remote: InMemoryRemoteStore<DocumentListQuery, [DocumentSummary]>(),
            configuration: .init(timeToLive: 60, memoryLimits: .forContext(.mainApp), cost: { _ in 1 }), now: { Date() }
        )
        let useCase = FetchDocumentUseCase(
            repository: DocumentRepositoryImpl(
                documents: source, lists: lists, outbox: OutboxStore(database: database),
                sync: SyncEngine(
                    outbox: OutboxStore(database: database), writer: UnusedWriter(), documents: source, lists: lists,
                    monitor: NetworkMonitor(), now: { Date() }),
                now: { Date() })
        )
        let throughUseCase = try await Measure.latency {
            _ = try await useCase.execute(id: 42, policy: .skipMemory).get()
        }
        let throughUseCaseMemory = try await Measure.latency { _ = try await useCase.execute(id: 42).get() }
        report.add(
            ReportRow(
                name: "Direct GRDB read of the same row (cached statement)", value: direct.median, unit: .nanoseconds))
        report.add(
            ReportRow(
                name: "FetchDocumentUseCase → repository → data source (skip-memory)", value: throughUseCase.median,
                unit: .nanoseconds, target: .ratio(1.3, direct.median)
            )
        )
        report.add(
            ReportRow(
                name: "FetchDocumentUseCase, memory hit (cache-first)", value: throughUseCaseMemory.median,
                unit: .nanoseconds))
    }

    private static func singleFlightBenchmark(report: inout Report) async throws {
        let backend = DemoBackend()
        let url = try await backend.start()
        await backend.setLatency(milliseconds: 100)
        let client = APIClient(
            baseURL: url, http: URLSessionHTTPClient(timeout: 30), security: .development, retry: .never,
            clock: ContinuousClock(), now: { Date() }
        )
        let source = CacheBackedDataSource(
            local: InMemoryLocalStore<Int, Document>(), remote: HTTPDocumentStore.documents(client),
            configuration: .init(timeToLive: 60, memoryLimits: .forContext(.mainApp), cost: { _ in 1 }), now: { Date() }
        )
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<1000 { group.addTask { _ = try await source.read(1, policy: .cacheFirst) } }
            try await group.waitForAll()
        }
        let requests = await backend.requestCount("GET /documents/:id")
        await backend.stop()
        report.add(
            ReportRow(
                name: "1000 concurrent misses of one key → requests at the server", value: Double(requests),
                unit: .count, target: .exactly(1)))
    }

    private static func ingestBenchmark(folder: URL, report: inout Report) async throws {
        let count = 100_000
        let rawPath = folder.appendingPathComponent("raw-ingest.sqlite")
        _ = try AppDatabase.open(at: rawPath)  // same schema for the baseline
        guard let raw = RawSQLite(path: rawPath.path) else { throw BenchmarkError.rawOpen }
        var rawRound = 0
        let rawSeconds = Measure.secondsSync {
            raw.insert(count: count, startingAt: rawRound * count + 1)
            rawRound += 1
        }
        let source = source(try AppDatabase.open(at: folder.appendingPathComponent("ingest.sqlite")))
        var round = 0
        let seconds = try await Measure.seconds {
            let first = round * count + 1
            round += 1
            let records = (first..<(first + count)).map { (key: $0, object: Workload.record($0)) }
            try await source.ingest(records, validators: RemoteValidators())
        }
        report.add(
            ReportRow(name: "Raw C inserts of 100k records (one transaction)", value: rawSeconds, unit: .seconds))
        report.add(
            ReportRow(
                name: "Ingest 100k records through the data source", value: seconds, unit: .seconds,
                target: .ratio(2.5, rawSeconds))
        )
    }

    /// Offline writes, pushing 10k of them, and pulling 100k server changes.
    private static func syncBenchmarks(folder: URL, report: inout Report) async throws {
        let backend = DemoBackend()
        let url = try await backend.start()
        let monitor = NetworkMonitor()
        let client = APIClient(
            baseURL: url, http: URLSessionHTTPClient(timeout: 30), security: .development, retry: .never,
            clock: ContinuousClock(), now: { Date() }, monitor: monitor)
        let database = try AppDatabase.open(at: folder.appendingPathComponent("sync.sqlite"))
        let outbox = OutboxStore(database: database)
        let documents = CacheBackedDataSource(
            local: SQLiteDocumentStore(database: database), remote: HTTPDocumentStore.documents(client),
            configuration: .init(timeToLive: 60, memoryLimits: .forContext(.mainApp), cost: { _ in 1 }), now: { Date() }
        )
        let lists = CacheBackedDataSource(
            local: SQLiteDocumentListStore(database: database), remote: HTTPDocumentListStore.documentLists(client),
            configuration: .init(timeToLive: 60, memoryLimits: .forContext(.mainApp), cost: { _ in 1 }), now: { Date() }
        )
        let engine = SyncEngine(
            outbox: outbox, writer: HTTPDocumentWriter(client: client), documents: documents, lists: lists,
            monitor: monitor, now: { Date() })
        let pending = 10_000
        let clock = ContinuousClock()
        let writeStart = clock.now
        for number in 0..<pending {
            _ = try outbox.recordCreate(DocumentDraft(title: "offline \(number)"), now: Date())
        }
        let perWrite = (clock.now - writeStart) / pending
        let pushStart = clock.now
        let pushed = try await engine.sync()
        let pushSeconds = (clock.now - pushStart).seconds
        await backend.addDocuments(count: 100_000)
        let pullStart = clock.now
        let pulled = try await engine.pull()
        let pullSeconds = (clock.now - pullStart).seconds
        await backend.stop()
        report.add(
            ReportRow(
                name: "Offline write: local version + outbox entry (one transaction)", value: perWrite.seconds * 1e9,
                unit: .nanoseconds))
        report.add(
            ReportRow(
                name: "Sync: push \(pushed.pushed) pending creates over loopback HTTP", value: pushSeconds,
                unit: .seconds))
        report.add(
            ReportRow(
                name: "Sync: pull \(pulled.pulled) changed records (pages of 500, a transaction each)",
                value: pullSeconds, unit: .seconds))
    }

    /// Runs the streaming benchmark in a child process so its peak RSS is its own.
    private static func streamingRSS() throws -> ReportRow {
        let output = try runSelf(["--stream-rss"])
        let bytes = Double(output.split(separator: " ").first.flatMap { Int($0) } ?? 0)
        return ReportRow(
            name: "Peak RSS streaming 1M records through the data source", value: bytes / 1_048_576, unit: .megabytes,
            target: .atMost(100))
    }

    private static func streamMillionRecords() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = source(try AppDatabase.open(at: folder.appendingPathComponent("stream.sqlite")))
        let page = 1000
        for start in stride(from: 1, through: 1_000_000, by: page) {
            let records = (start..<(start + page)).map { (key: $0, object: Workload.record($0)) }
            try await source.ingest(records, validators: RemoteValidators())
        }
        print("\(Measure.peakResidentBytes()) bytes peak")
    }

    /// Median time from exec to a finished `quit` in batch mode, with database and embedded server.
    private static func startupBenchmark() throws -> ReportRow {
        let repl = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "repl")
        guard FileManager.default.isExecutableFile(atPath: repl.path) else {
            return ReportRow(name: "REPL startup to first prompt (repl not built)", value: 0, unit: .milliseconds)
        }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("strata-startup-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        var samples: [Double] = []
        for _ in 0..<11 {
            let clock = ContinuousClock()
            let start = clock.now
            _ = try run(repl, ["--home", home.path], input: "quit\n")
            let elapsed = start.duration(to: clock.now)
            samples.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        }
        let median = samples.sorted()[samples.count / 2]
        return ReportRow(
            name: "REPL startup to first prompt (exec → quit, batch mode)", value: median, unit: .milliseconds,
            target: .atMost(150))
    }

    private static func runSelf(_ arguments: [String]) throws -> String {
        try run(URL(fileURLWithPath: CommandLine.arguments[0]), arguments, input: "")
    }

    private static func run(_ executable: URL, _ arguments: [String], input: String) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    enum BenchmarkError: Error {
        case rawOpen
    }
}
