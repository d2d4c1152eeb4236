import Domain
import Foundation
import GRDB
import StrataData

/// `Benchmarks --probe-read`: compares GRDB access paths for one hot row (kept to justify ADR 0010).
enum ReadProbe {
    private static func loopInsideOneRead(_ pool: DatabasePool, _ fetch: @escaping @Sendable (Database) throws -> Row?)
        throws -> Double
    {
        try pool.read { db in
            Measure.latencyOfLoop(count: 100_000) { count in for _ in 0..<count { _ = try? fetch(db) } }
        }
    }

    /// `Benchmarks --probe-memory`: five million memory-tier hits in a loop, for a profiler.
    static func memoryLoop() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: url) }
        let database = try AppDatabase.open(at: url)
        let key = Workload.id(42)
        try await Workload.source(database).ingest(
            [(key: key, object: Workload.record(42))], validators: RemoteValidators())
        // As the app reads: through the documents' repository, the engine and its data source.
        let source = Workload.stack(database).documentRepository
        // `--probe-memory skip-memory` loops SQLite-tier hits instead.
        let policy: ReadPolicy = CommandLine.arguments.contains("skip-memory") ? .skipMemory : .cacheFirst
        let count = policy == .skipMemory ? 1_000_000 : 5_000_000
        _ = try await source.document(id: key, policy: policy)
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<count { _ = try await source.document(id: key, policy: policy) }
        print("\(count) \(policy.rawValue) reads in \(start.duration(to: clock.now))")
    }

    static func run() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: url) }
        let database = try AppDatabase.open(at: url)
        try await database.documentStore().persist(
            Workload.record(42), for: Workload.id(42), metadata: CacheMetadata(fetchedAt: Workload.fetchedAt))
        let pool = try DatabasePool(path: url.path)
        let arguments: StatementArguments = ["document:42", 42]
        let fetch: @Sendable (Database) throws -> Row? = { db in
            try Row.fetchOne(db.cachedStatement(sql: Workload.selectSQL), arguments: arguments)
        }
        let read = try await Measure.latency { _ = try pool.read(fetch) }
        let unsafeRead = try await Measure.latency { _ = try pool.unsafeRead(fetch) }
        let reentrant = try await Measure.latency { _ = try pool.unsafeReentrantRead(fetch) }
        let queue = try DatabaseQueue(path: url.path)
        let inDatabase = try await Measure.latency { _ = try queue.inDatabase(fetch) }
        let insideOne = try loopInsideOneRead(pool, fetch)
        if let raw = RawSQLite(path: url.path) {
            let inTransaction = Measure.latencyOfLoop(count: 100_000) {
                _ = raw.lookups(id: 42, count: $0, sql: Workload.selectSQL)
            }
            let autocommit = Measure.latencyOfLoop(count: 100_000) {
                _ = raw.lookups(id: 42, count: $0, sql: Workload.selectSQL, inTransaction: false)
            }
            print(
                String(
                    format: "raw C in one read transaction %.0f ns, raw C autocommit %.0f ns", inTransaction, autocommit
                ))
        }
        print(
            String(
                format:
                    "pool.read %.0f ns, unsafeRead %.0f ns, unsafeReentrantRead %.0f ns, queue.inDatabase %.0f ns, inside one read %.0f ns",
                read.median, unsafeRead.median, reentrant.median, inDatabase.median, insideOne))
    }
}
