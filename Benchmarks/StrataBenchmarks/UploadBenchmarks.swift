import DemoBackend
import Domain
import Foundation
import StrataData

extension BenchmarkApp {
    private static let uploadBytes = 200_000_000

    /// Uploads a 200 MB file from a child process (the app's side: the queued copy of the
    /// multipart body, then the upload from it) to a server in this process, so the child's peak
    /// RSS is the upload's alone.
    static func uploadBenchmark(folder: URL, report: inout Report) async throws {
        let backend = try DemoBackend(data: folder.appendingPathComponent("upload-server"), signIn: .open)
        let url = try await backend.start()
        let file = folder.appendingPathComponent("upload.bin")
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw BenchmarkError.unexpected("cannot create \(file.path)")
        }
        let handle = try FileHandle(forWritingTo: file)
        var generator = SystemRandomNumberGenerator()
        let chunk = 1_000_000
        for _ in 0..<(uploadBytes / chunk) {
            try handle.write(
                contentsOf: Data((0..<(chunk / 8)).flatMap { _ in withUnsafeBytes(of: generator.next()) { Array($0) } })
            )
        }
        try handle.close()
        let home = folder.appendingPathComponent("upload-home")
        let output = try runSelf(["--upload-rss", url.absoluteString, file.path, home.path])
        await backend.stop()
        try? FileManager.default.removeItem(at: file)
        let words = output.split(separator: " ")
        guard words.count >= 6, let peak = Double(words[0]), let milliseconds = Double(words[2]),
            let before = Double(words[4])
        else { throw BenchmarkError.unexpected("the upload child printed '\(output)'") }
        var row = ReportRow(
            name: "Peak RSS uploading a 200 MB attachment (its queued copy, then the upload from it)",
            value: peak / 1_048_576, unit: .megabytes, target: .atMost(40))
        row.whyMissed = String(
            format: "the process is at %.1f MiB before the upload (the binary, with Swift's runtime and Foundation "
                + "linked in, its database and the HTTP client's threads); the upload adds %.1f MiB: code run for the "
                + "first time (the multipart copy, the HTTP client's upload path; the kernel maps up to 64 KiB around "
                + "each page it faults in), one 64 KiB chunk in flight, buffers and thread stacks",
            before / 1_048_576, (peak - before) / 1_048_576)
        report.add(row)
        report.add(
            ReportRow(
                name: "RSS the 200 MB upload adds to its process's peak before it", value: (peak - before) / 1_048_576,
                unit: .megabytes))
        report.add(
            ReportRow(
                name: "Uploading a 200 MB attachment over loopback, queued copy included", value: milliseconds,
                unit: .milliseconds))
    }

    /// In a child of its own: attaches `file` to document 1 on the server at `baseURL` through the
    /// Data layer, with its database in `home`; prints its peak RSS in bytes and the time.
    static func uploadInChild(_ arguments: [String]) async throws {
        guard arguments.count == 3, let baseURL = URL(string: arguments[0]) else {
            throw BenchmarkError.unexpected("--upload-rss URL FILE HOME")
        }
        let file = URL(fileURLWithPath: arguments[1])
        let home = URL(fileURLWithPath: arguments[2])
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let api = APIClient(
            baseURL: baseURL, http: NIOHTTPClient(timeout: 30), security: .development, retry: RetryPolicy(),
            clock: ContinuousClock(), now: { Date() })
        let repository = AttachmentRepositoryImpl(
            database: try AppDatabase.open(at: home.appendingPathComponent("app.sqlite")), api: api,
            folder: home.appendingPathComponent("Uploads"))
        let before = Measure.peakResidentBytes()  // the process with its database and URL session open
        let clock = ContinuousClock()
        let start = clock.now
        let document = try DocumentRules.id(1)
        let outcome = try await repository.attach(file: file, as: "big.bin", to: document)
        let elapsed = start.duration(to: clock.now)
        let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int
        guard case .uploaded(let attachment) = outcome, attachment.size == size else {
            throw BenchmarkError.unexpected("the upload was not stored whole: \(outcome)")
        }
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        print("\(Measure.peakResidentBytes()) bytes \(milliseconds) ms \(before) before")
    }
}
