import Foundation

extension BenchmarkApp {
    /// Drives a release `repl` with live updates on and a document list open: 21 single changes
    /// on the server (each `server burst 1` reports when the first screen update landed), then a
    /// burst of 1,000 (it reports how many screen updates it cost once all were applied).
    static func liveBenchmarks(report: inout Report) throws {
        guard let repl = sibling("repl") else {
            report.add(ReportRow(name: "Live updates (repl not built)", value: 0, unit: .milliseconds))
            return
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-live-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let lines = ["scene open list"] + Array(repeating: "server burst 1", count: 21) + ["server burst 1000", "quit"]
        let output = try run(
            repl,
            [
                "--home", scratch.appendingPathComponent("home").path, "--server-data",
                scratch.appendingPathComponent("server").path, "--live-updates", "on", "--server-sign-in", "open",
            ], input: lines.joined(separator: "\n") + "\n")
        let firsts = output.split(separator: "\n").compactMap { line in
            number(in: line, after: "(the first ", before: " ms after the request)")
        }
        let latency = firsts.count >= 21 ? firsts.prefix(21).sorted()[10] : -1
        report.add(
            ReportRow(
                name: "Server change → open scene of a connected client, p50 of 21 (live socket, loopback)",
                value: latency, unit: .milliseconds, target: .atMost(50)))
        let burst = output.split(separator: "\n").first { $0.contains("made 1000 changes") }.map(String.init) ?? ""
        let applied = burst.contains("all applied here")
        report.add(
            ReportRow(
                name: "server burst 1000 with a list open: screen updates" + (applied ? "" : " (NOT all applied)"),
                value: number(in: burst, after: "with ", before: " screen") ?? -1, unit: .count, target: .atMost(20)))
    }

    /// The number between `prefix` and `suffix` in `line`, if there is one.
    private static func number(in line: some StringProtocol, after prefix: String, before suffix: String) -> Double? {
        guard let start = line.range(of: prefix)?.upperBound,
            let end = line[start...].range(of: suffix)?.lowerBound
        else { return nil }
        return Double(line[start..<end])
    }
}
