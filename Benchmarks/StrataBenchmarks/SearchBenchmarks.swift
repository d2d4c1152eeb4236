import Domain
import Foundation
import StrataData

extension BenchmarkApp {
    /// `docs search` and `docs list --limit` on this device over 100,000 stored documents: two-word
    /// queries and pages through the repository (`local-only`), the index marked by the triggers
    /// as the documents were ingested.
    static func localSearchBenchmark(folder: URL, report: inout Report) async throws {
        let database = try AppDatabase.open(at: folder.appendingPathComponent("search.sqlite"))
        let count = 100_000
        try await Workload.source(database).ingest(
            (1...count).map { (key: Workload.id($0), object: Workload.record($0)) }, validators: RemoteValidators())
        let repository = Workload.stack(database).documentRepository
        // The first search takes the 100,000 marked rows into the index.
        let firstSearch = try await Measure.seconds(runs: 1) {
            _ = try await repository.search("document 1", policy: .localOnly)
        }
        var generator = SystemRandomNumberGenerator()
        // A word every document has and a number only a few do: the index intersects them.
        let narrow = try await Measure.latency(batches: 41, perBatch: 5) {
            let query = "document \(Int.random(in: 1...count, using: &generator))"
            guard try await !repository.search(query, policy: .localOnly).value.isEmpty else {
                throw BenchmarkError.unexpected("no match for '\(query)'")
            }
        }
        // Two words that a tenth of the documents share: 10,000 matches ranked for the best 100.
        let broad = try await Measure.latency(batches: 11, perBatch: 1) {
            let found = try await repository.search(
                "bench t\(Int.random(in: 0...9, using: &generator))", policy: .localOnly)
            guard found.value.count == 100 else { throw BenchmarkError.unexpected("\(found.value.count) matches") }
        }
        let firstPage = try await Measure.latency(batches: 41, perBatch: 5) {
            guard
                try await repository.documents(page: PageRequest(limit: 50), policy: .localOnly).value.items.count == 50
            else { throw BenchmarkError.unexpected("a short first page") }
        }
        let clock = ContinuousClock()
        let start = clock.now
        try await walkPages(repository, limit: 500, expecting: count)
        let allPages = start.duration(to: clock.now)
        // The same walk in a process of its own, so its peak is the paging's alone.
        let output = try runSelf(["--page-rss", folder.appendingPathComponent("search.sqlite").path])
        guard let peak = output.split(separator: " ").first.flatMap({ Double($0) }) else {
            throw BenchmarkError.unexpected("the paging child printed '\(output)'")
        }
        report.add(
            ReportRow(
                name: "Peak RSS paging through all 100k documents on the device (pages of 50, its own process)",
                value: peak / 1_048_576, unit: .megabytes, target: .atMost(60)))
        report.add(
            ReportRow(
                name: "First page (50) of a 100k-document list from the device, p50", value: firstPage.median / 1e6,
                unit: .milliseconds, target: .atMost(5)))
        report.add(
            ReportRow(
                name: "Paging through all 100k documents on the device, pages of 500",
                value: Double(allPages.components.seconds) + Double(allPages.components.attoseconds) / 1e18,
                unit: .seconds))
        report.add(
            ReportRow(
                name: "First local search after storing 100k documents (the index takes them in)", value: firstSearch,
                unit: .seconds))
        report.add(
            ReportRow(
                name: "Local search over 100k documents, two words (\"document 4242\"), p50",
                value: narrow.median / 1e6,
                unit: .milliseconds, target: .atMost(20)))
        report.add(
            ReportRow(
                name: "Local search over 100k documents, two words matching 10k (\"bench t3\"), p50",
                value: broad.median / 1e6, unit: .milliseconds))
    }

    /// In a child of its own: pages through every document of the database at `arguments[0]`
    /// (`docs list --limit 50` over and over, as the view model's `loadMore` would, without keeping
    /// the pages), and prints the peak RSS in bytes.
    static func pageInChild(_ arguments: [String]) async throws {
        guard let path = arguments.first else { throw BenchmarkError.unexpected("--page-rss DATABASE") }
        let repository = Workload.stack(try AppDatabase.open(at: URL(fileURLWithPath: path))).documentRepository
        try await walkPages(repository, limit: 50, expecting: 100_000)
        print("\(Measure.peakResidentBytes()) bytes peak")
    }

    /// Reads every page of the device's list, `limit` at a time, keeping none; throws unless it
    /// saw `count` documents.
    private static func walkPages(_ repository: DocumentRepositoryImpl, limit: Int, expecting count: Int) async throws {
        var after: PageCursor?
        var seen = 0
        repeat {
            let page = try await repository.documents(page: PageRequest(limit: limit, after: after), policy: .localOnly)
            seen += page.value.items.count
            after = page.value.next
        } while after != nil
        guard seen == count else { throw BenchmarkError.unexpected("paging saw \(seen) documents") }
    }
}
