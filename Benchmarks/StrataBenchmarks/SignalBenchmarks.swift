import Foundation
import Signals

extension BenchmarkApp {
    /// How soon a commit of another process on the same home reaches this one.
    ///
    /// A poster writes its file in the shared signal folder, and an observer of another identity
    /// (as the app is to its extension) waits until the kernel tells it. The median of 21 posts,
    /// each heard before the next leaves; what the app then does (drop its memory tiers, read
    /// from disk) takes microseconds and is measured by the read rows.
    static func signalBenchmark(folder: URL, report: inout Report) async throws {
        let signals = folder.appendingPathComponent("signals")
        let poster = try FolderSignal(folder: signals, name: "database")
        let observer = try FolderSignal(folder: signals, name: "database")
        var heard = try observer.observe().makeAsyncIterator()
        let clock = ContinuousClock()
        var milliseconds: [Double] = []
        for _ in 0..<21 {
            let posted = clock.now
            try poster.post()
            guard await heard.next() != nil else { throw BenchmarkError.unexpected("the signal's stream ended") }
            let elapsed = posted.duration(to: clock.now)
            milliseconds.append(
                Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
            try await Task.sleep(for: .milliseconds(20))  // posts close together may be heard as one
        }
        report.add(
            ReportRow(
                name: "Another process's commit → heard here (signal folder over inotify), p50 of 21",
                value: milliseconds.sorted()[10], unit: .milliseconds, target: .atMost(100)))
    }
}
