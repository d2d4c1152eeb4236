import Foundation
import StrataData

extension BenchmarkApp {
    /// Runs the streaming benchmark in a child process so its peak RSS is its own.
    static func streamingRSS() throws -> ReportRow {
        let output = try runSelf(["--stream-rss"])
        let bytes = Double(output.split(separator: " ").first.flatMap { Int($0) } ?? 0)
        return ReportRow(
            name: "Peak RSS streaming 1M records through the data source", value: bytes / 1_048_576, unit: .megabytes,
            target: .atMost(100))
    }

    static func streamMillionRecords() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = Workload.source(try AppDatabase.open(at: folder.appendingPathComponent("stream.sqlite")))
        let page = 1000
        for start in stride(from: 1, through: 1_000_000, by: page) {
            let records = (start..<(start + page)).map { (key: Workload.id($0), object: Workload.record($0)) }
            try await source.ingest(records, validators: RemoteValidators())
        }
        print("\(Measure.peakResidentBytes()) bytes peak")
    }

    /// Median time from exec to a finished `quit` in batch mode, with database and embedded server.
    static func startupBenchmark() async throws -> ReportRow {
        guard let repl = sibling("repl") else {
            return ReportRow(name: "REPL startup to first prompt (repl not built)", value: 0, unit: .milliseconds)
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-startup-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let home = scratch.appendingPathComponent("home")
        let server = scratch.appendingPathComponent("server")
        // The home holds 100,000 cached documents: the prompt must not wait for anything they cost.
        let support = home.appendingPathComponent("Library/Application Support")
        try FileManager.default.createDirectory(at: support, withIntermediateDirectories: true)
        try await Workload.source(try AppDatabase.open(at: support.appendingPathComponent("strata.sqlite"))).ingest(
            (1...100_000).map { (key: Workload.id($0), object: Workload.record($0)) }, validators: RemoteValidators())
        var samples: [Double] = []
        for _ in 0..<11 {
            let clock = ContinuousClock()
            let start = clock.now
            _ = try run(repl, ["--home", home.path, "--server-data", server.path], input: "quit\n")
            let elapsed = start.duration(to: clock.now)
            samples.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        }
        let median = samples.sorted()[samples.count / 2]
        return ReportRow(
            name: "REPL startup to first prompt, 100k cached documents (exec → quit, batch mode)", value: median,
            unit: .milliseconds,
            target: .atMost(150))
    }

    /// The executable named `name` built beside the benchmarks, if it is there.
    static func sibling(_ name: String) -> URL? {
        let url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            name)
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }

    static func runSelf(_ arguments: [String]) throws -> String {
        try run(URL(fileURLWithPath: CommandLine.arguments[0]), arguments, input: "")
    }

    /// Runs `executable` with `input` on its standard input; returns its standard output.
    static func run(_ executable: URL, _ arguments: [String], input: String) throws -> String {
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
}
