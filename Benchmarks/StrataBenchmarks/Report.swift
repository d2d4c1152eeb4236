import Foundation

/// One measured figure, with the target it is held to.
struct ReportRow {
    enum Unit: String {
        case nanoseconds = "ns"
        case milliseconds = "ms"
        case seconds = "s"
        case megabytes = "MiB"
        case count = ""
    }

    enum Target {
        case none
        case atMost(Double)
        case exactly(Double)
        case ratio(Double, Double)  // at most `factor` × `baseline`
    }

    let name: String
    let value: Double
    let unit: Unit
    var target: Target = .none
    /// Why the figure misses its target when it does (printed under the table).
    var whyMissed: String?
    /// For a ratio: the factor `make bench-check` refuses, looser than the target.
    ///
    /// It catches a change that makes the figure much worse; the target says where the figure
    /// should be.
    var gate: Double?

    /// The figure over its baseline, for a ratio target.
    var ratio: Double? {
        guard case .ratio(_, let baseline) = target else { return nil }
        return value / max(baseline, 1e-9)
    }

    var formatted: String {
        switch unit {
        case .nanoseconds: String(format: "%.0f ns", value)
        case .milliseconds: String(format: "%.1f ms", value)
        case .seconds: String(format: "%.3f s", value)
        case .megabytes: String(format: "%.1f MiB", value)
        case .count: String(format: "%.0f", value)
        }
    }

    var targetText: String {
        switch target {
        case .none: "baseline"
        case .atMost(let limit): "≤ " + ReportRow(name: "", value: limit, unit: unit).formatted
        case .exactly(let expected): "= " + ReportRow(name: "", value: expected, unit: unit).formatted
        case .ratio(let factor, let baseline):
            String(format: "≤ %.1f× baseline (now %.2f×)", factor, value / max(baseline, 1e-9))
        }
    }

    var verdict: String {
        switch target {
        case .none: ""
        case .atMost(let limit): value <= limit ? "met" : "MISSED"
        case .exactly(let expected): value == expected ? "met" : "MISSED"
        case .ratio(let factor, let baseline): value <= factor * baseline ? "met" : "MISSED"
        }
    }
}

/// The benchmark table, for the terminal and for Docs/Performance.md.
struct Report {
    private(set) var rows: [ReportRow] = []

    mutating func add(_ row: ReportRow) { rows.append(row) }

    var table: String {
        let width = (rows.map(\.name.count).max() ?? 10) + 2
        let header = "Benchmark".padding(toLength: width, withPad: " ", startingAt: 0) + "Measured      Target"
        return
            ([header]
            + rows.map { row in
                row.name.padding(toLength: width, withPad: " ", startingAt: 0)
                    + row.formatted.padding(toLength: 14, withPad: " ", startingAt: 0) + row.targetText + "  "
                    + row.verdict
            }).joined(separator: "\n")
    }

    var markdown: String {
        let machine =
            "\(ProcessInfo.processInfo.activeProcessorCount) cores, "
            + "\(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB, release build linked statically"
        let lines = rows.map { "| \($0.name) | \($0.formatted) | \($0.targetText) | \($0.verdict) |" }
        let missed = rows.filter { $0.verdict == "MISSED" }.map { row in
            "- **\(row.name)**: " + (row.whyMissed ?? "no reason recorded; look into it.")
        }
        let reasons = missed.isEmpty ? "" : "\nWhy a target is missed:\n\n" + missed.joined(separator: "\n") + "\n"
        return """
            # Performance

            Written by `make bench` (\(machine)); do not edit by hand. Latencies are medians of 200
            batches of 500 calls after a warm-up; times are medians of 3 runs. Baselines are measured in
            the same run: the sqlite3 C API with a prepared statement inside a read transaction, and direct
            GRDB code reading the same row with a cached statement. The memory and SQLite tiers alternate
            batch by batch with their baselines, and the pull runs right after its own baseline, since the
            machine's speed drifts within minutes.

            | Benchmark | Measured | Target | |
            |---|---|---|---|
            \(lines.joined(separator: "\n"))
            \(reasons)
            `make bench-check` (CI's scheduled release run, ADR 0054) measures the ratios alone and fails when one is worse than its
            gate: \(rows.compactMap { row in row.gate.map { "\(row.name) ≤ \(String(format: "%.1f", $0))×" } }.joined(separator: "; ")).

            """
    }

    /// The ratio rows against their gates, and whether every one is within its gate.
    ///
    /// `STRATA_GATE_SCALE` multiplies every gate: `STRATA_GATE_SCALE=0.1 make bench-check` shows the
    /// check failing.
    var gateCheck: (table: String, passed: Bool) {
        let scale = ProcessInfo.processInfo.environment["STRATA_GATE_SCALE"].flatMap(Double.init) ?? 1
        let gated = rows.filter { $0.gate != nil && $0.ratio != nil }
        let width = (gated.map(\.name.count).max() ?? 10) + 2
        var passed = !gated.isEmpty
        let lines = gated.map { row in
            let ratio = row.ratio ?? 0
            let gate = (row.gate ?? 0) * scale
            let within = ratio <= gate
            passed = passed && within
            return row.name.padding(toLength: width, withPad: " ", startingAt: 0)
                + String(format: "%6.2f×  gate ≤ %5.1f×  ", ratio, gate) + (within ? "ok" : "REGRESSED")
        }
        return (
            (["Ratio".padding(toLength: width, withPad: " ", startingAt: 0) + "  Now    Gate"] + lines)
                .joined(separator: "\n"), passed
        )
    }
}
