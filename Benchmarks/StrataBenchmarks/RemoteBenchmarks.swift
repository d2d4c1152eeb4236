import DemoBackend
import Foundation
import HTTPTypes
import StrataData

/// The remote tier as a user meets it: whole REPL and server processes on this machine.
extension BenchmarkApp {
    /// `docs import` of 10,000 documents in the REPL with its embedded server: reading the file,
    /// saving a chunk per transaction and pushing the chunks as batches.
    static func importBenchmark(folder: URL, report: inout Report) async throws {
        let name = "docs import of 10,000 documents (REPL process, exec → quit, pushed as batches)"
        guard let repl = sibling("repl") else {
            report.add(ReportRow(name: name + " (repl not built)", value: 0, unit: .seconds))
            return
        }
        let count = 10_000
        let file = folder.appendingPathComponent("import-\(count).jsonl")
        let lines = (1...count).map { number in
            "{\"title\": \"Imported \(number)\", \"body\": \"A note brought in by the import benchmark.\", "
                + "\"tags\": [\"bench\"]}"
        }
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        var round = 0
        let seconds = try await Measure.seconds {
            round += 1
            let scratch = folder.appendingPathComponent("import-\(round)")
            let output = try run(
                repl,
                [
                    "--home", scratch.appendingPathComponent("home").path, "--server-data",
                    scratch.appendingPathComponent("server").path,
                ],
                // Signed in, as the embedded server wants for writes (the sign-in is a few ms of it).
                input: "login ada --password-stdin\nanalytical-engine\ndocs import \(file.path)\noutbox list\nquit\n")
            guard output.contains("Imported \(count) documents."), output.contains("The outbox is empty") else {
                throw BenchmarkError.unexpected("docs import printed: \(output.prefix(400))")
            }
        }
        report.add(
            ReportRow(
                name: name, value: seconds, unit: .seconds, target: .atMost(2),
                whyMissed: """
                    the push of the 10,000 new documents is most of it, and the saves of the chunks of 500 share the \
                    two cores with it (ADR 0042). In a profile after ADR 0056: the server's batch transactions 30 % \
                    of the CPU (its idempotency keys a quarter of that), the device settling them 16 %, saving the \
                    chunks 13 %, the HTTP client and its event loops 10 %, reading the next batch 5 %, decoding the \
                    answers 4 %, the live socket's 10,000 events 3 %.
                    """))
    }

    /// From starting `strata-server` on a folder holding 100,000 documents to its first answer.
    static func serverRestartBenchmark(folder: URL, report: inout Report) async throws {
        let name = "strata-server restart with 100k documents → first answered request"
        guard let server = sibling("strata-server") else {
            report.add(ReportRow(name: name + " (strata-server not built)", value: 0, unit: .milliseconds))
            return
        }
        let data = folder.appendingPathComponent("server-100k")
        _ = try runSelf(["--fill-server", data.path])
        var samples: [Double] = []
        for _ in 0..<5 { samples.append(try await millisecondsToFirstAnswer(server, data: data)) }
        report.add(
            ReportRow(name: name, value: samples.sorted()[samples.count / 2], unit: .milliseconds, target: .atMost(300))
        )
    }

    /// Fills a server data folder with 100,000 documents (run in a child process, so the folder's
    /// lock is gone when the benchmark starts the server on it).
    static func fillServer(_ path: String) async throws {
        let backend = try DemoBackend(data: URL(fileURLWithPath: path), sharing: .exclusive, signIn: .open)
        try await backend.addDocuments(count: 100_000)
    }

    /// The slowest of three reads against a server that trickles its body, with `--timeout 2`.
    static func trickleBenchmark(folder: URL, report: inout Report) throws {
        let name = "Slowest read against a trickling server, --timeout 2 (REPL process, exec → quit)"
        guard let repl = sibling("repl") else {
            report.add(ReportRow(name: name + " (repl not built)", value: 0, unit: .seconds))
            return
        }
        let reads = [
            "docs show 1 --policy remote-only", "docs list --policy remote-only", "user show 1 --policy remote-only",
        ]
        var slowest = 0.0
        for (number, read) in reads.enumerated() {
            let scratch = folder.appendingPathComponent("trickle-\(number)")
            let clock = ContinuousClock()
            let start = clock.now
            // Without the launch's own requests (the live socket's catch-up, the push token), one
            // of which took the trickled answer now and then: the read then measured 0.05 s.
            _ = try run(
                repl,
                [
                    "--home", scratch.appendingPathComponent("home").path, "--server-data",
                    scratch.appendingPathComponent("server").path, "--timeout", "2", "--live-updates", "off",
                    "--push-registration", "off",
                ], input: "server trickle\n\(read)\nquit\n")
            slowest = max(slowest, start.duration(to: clock.now).seconds)
        }
        report.add(ReportRow(name: name, value: slowest, unit: .seconds, target: .atMost(3)))
    }

    private static func millisecondsToFirstAnswer(_ server: URL, data: URL) async throws -> Double {
        let process = Process()
        process.executableURL = server
        process.arguments = ["--port", "0", "--data", data.path, "--log-level", "notice"]
        let errors = Pipe()
        process.standardError = errors
        let clock = ContinuousClock()
        let start = clock.now
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let base = try listeningURL(errors.fileHandleForReading)
        // The app's own client: URLSession would link libcurl and its libraries into this binary,
        // whose children measure the app's memory.
        let request = HTTPRequest(method: .get, url: base.appendingPathComponent("documents/100000"))
        let (response, _) = try await NIOHTTPClient(timeout: 30).send(request, body: nil)
        guard response.status == .ok else {
            throw BenchmarkError.unexpected("GET /documents/100000 answered \(response.status)")
        }
        let elapsed = start.duration(to: clock.now)
        return elapsed.seconds * 1000
    }

    /// Reads the server's log until it says where it listens.
    private static func listeningURL(_ log: FileHandle) throws -> URL {
        var text = ""
        while true {
            let chunk = log.availableData
            guard !chunk.isEmpty else { throw BenchmarkError.unexpected("strata-server stopped: \(text)") }
            text += String(decoding: chunk, as: UTF8.self)
            if let range = text.range(of: "listening on "),
                let end = text[range.upperBound...].firstIndex(of: " "),
                let url = URL(string: String(text[range.upperBound..<end]))
            {
                return url
            }
        }
    }
}
