import Domain
import Foundation
import StrataData
import Synchronization

extension BenchmarkApp {
    static func readBenchmarks(folder: URL, report: inout Report) async throws {
        let path = folder.appendingPathComponent("reads.sqlite").path
        let database = try AppDatabase.open(at: URL(fileURLWithPath: path))
        try await Workload.source(database).ingest(
            (1...1000).map { (key: Workload.id($0), object: Workload.record($0)) }, validators: RemoteValidators())
        let stack = Workload.stack(database)
        let source = stack.documentRepository
        let key = Workload.id(42)
        _ = try await source.document(id: key, policy: .cacheFirst)

        // Each ratio's two sides are timed in alternating batches (the machine's speed drifts).
        let guarded = Mutex([key: try await source.document(id: key, policy: .cacheFirst).value])
        let (memory, dictionary) = try await Measure.pairedLatency { calls in
            for _ in 0..<calls { _ = try await source.document(id: key, policy: .cacheFirst) }
        } against: { calls in
            for _ in 0..<calls {
                guard guarded.withLock({ $0[key] }) != nil else { throw BenchmarkError.unexpected("no value") }
            }
        }
        report.add(
            ReportRow(
                name: "Memory-tier hit (repository → engine → data source)", value: memory.median, unit: .nanoseconds,
                target: .atMost(1000)))
        report.add(
            ReportRow(
                name: "Mutex-guarded Dictionary lookup of the same value", value: dictionary.median,
                unit: .nanoseconds))
        report.add(
            ReportRow(
                name: "Memory-tier hit against that lookup", value: memory.median, unit: .nanoseconds,
                target: .ratio(2, dictionary.median),
                whyMissed: """
                    a hit goes through the repository's async call, the engine's store (which checks for unsent \
                    changes) and the data source's memory tier (its LRU order and the entry's freshness), where the \
                    lookup only hashes and copies (ADR 0050).
                    """, gate: 3.5))

        guard let raw = RawSQLite(path: path) else { throw BenchmarkError.rawOpen }
        let (disk, rawBatches) = try await Measure.pairedLatency { calls in
            for _ in 0..<calls { _ = try await source.document(id: key, policy: .skipMemory) }
        } against: { calls in
            _ = raw.lookups(id: 42, count: calls, sql: Workload.selectSQL)
        }
        let rawLookup = rawBatches.median
        let rawAutocommit = Measure.latencyOfLoop(count: 200_000) { count in
            _ = raw.lookups(id: 42, count: count, sql: Workload.selectSQL, inTransaction: false)
        }
        report.add(
            ReportRow(
                name: "Raw sqlite3 lookup (prepared, 500 per read transaction)", value: rawLookup, unit: .nanoseconds))
        report.add(
            ReportRow(
                name: "Raw sqlite3 lookup (prepared, autocommit: a transaction per lookup)", value: rawAutocommit,
                unit: .nanoseconds)
        )
        report.add(
            ReportRow(
                name: "SQLite-tier hit (repository → engine → data source, skip-memory)", value: disk.median,
                unit: .nanoseconds,
                target: .ratio(3, rawLookup),
                whyMissed: """
                    lookups share a read snapshot for at most 10 ms (ADR 0035); above that, each row is read \
                    by column name through the record's own decoder (ADR 0016), and every 10 ms a snapshot \
                    is ended and begun again (the autocommit baseline above shows what one costs).
                    """, gate: 4)
        )

        let direct = try await DirectGRDB.latencyOfLookup(path: path, id: 42)
        let useCase = FetchDocumentUseCase(repository: stack.documentRepository)
        let throughUseCase = try await Measure.latency {
            _ = try await useCase.execute(id: key, policy: .skipMemory).get()
        }
        let throughUseCaseMemory = try await Measure.latency { _ = try await useCase.execute(id: key).get() }
        report.add(
            ReportRow(
                name: "Direct GRDB read of the same row (cached statement)", value: direct.median, unit: .nanoseconds))
        report.add(
            ReportRow(
                name: "FetchDocumentUseCase → repository → data source (skip-memory)", value: throughUseCase.median,
                unit: .nanoseconds, target: .ratio(1.3, direct.median), gate: 2)
        )
        report.add(
            ReportRow(
                name: "FetchDocumentUseCase, memory hit (cache-first)", value: throughUseCaseMemory.median,
                unit: .nanoseconds))
    }
}
