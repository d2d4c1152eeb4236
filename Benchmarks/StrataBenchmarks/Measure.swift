import Foundation
import Histogram

/// Timing helpers: per-operation latencies collected in an HDR histogram, medians reported.
enum Measure {
    /// The median and 99th percentile of one operation, in nanoseconds.
    struct Latency {
        let median: Double
        let p99: Double
    }

    /// Times `body` in `batches` batches of `perBatch` calls; each batch contributes its mean.
    static func latency(batches: Int = 200, perBatch: Int = 500, _ body: () async throws -> Void) async rethrows
        -> Latency
    {
        for _ in 0..<perBatch { try await body() }  // warm up caches, statements and branch predictors
        var histogram = Histogram<UInt64>(
            highestTrackableValue: 60_000_000_000_000, numberOfSignificantValueDigits: .three)
        let clock = ContinuousClock()
        for _ in 0..<batches {
            let start = clock.now
            for _ in 0..<perBatch { try await body() }
            let elapsed = start.duration(to: clock.now)
            _ = histogram.record(UInt64(max(1, picoseconds(elapsed) / Int64(perBatch))))
        }
        return Latency(
            median: Double(histogram.valueAtPercentile(50)) / 1000, p99: Double(histogram.valueAtPercentile(99)) / 1000
        )
    }

    /// Times `subject` and `baseline` in alternating batches of `perBatch` calls (each closure is
    /// given the number of calls to make), so both medians come from the same minutes of a
    /// machine whose speed drifts; each batch contributes its mean.
    static func pairedLatency(
        batches: Int = 200, perBatch: Int = 500, _ subject: (Int) async throws -> Void,
        against baseline: (Int) async throws -> Void
    ) async rethrows -> (subject: Latency, baseline: Latency) {
        try await subject(perBatch)  // warm up caches, statements and branch predictors
        try await baseline(perBatch)
        func histogram() -> Histogram<UInt64> {
            Histogram(highestTrackableValue: 60_000_000_000_000, numberOfSignificantValueDigits: .three)
        }
        var histograms = (subject: histogram(), baseline: histogram())
        let clock = ContinuousClock()
        func perCall(since start: ContinuousClock.Instant) -> UInt64 {
            UInt64(max(1, picoseconds(start.duration(to: clock.now)) / Int64(perBatch)))
        }
        for _ in 0..<batches {
            var start = clock.now
            try await subject(perBatch)
            _ = histograms.subject.record(perCall(since: start))
            start = clock.now
            try await baseline(perBatch)
            _ = histograms.baseline.record(perCall(since: start))
        }
        let medians = [histograms.subject, histograms.baseline].map { histogram in
            Latency(
                median: Double(histogram.valueAtPercentile(50)) / 1000,
                p99: Double(histogram.valueAtPercentile(99)) / 1000)
        }
        return (medians[0], medians[1])
    }

    /// The wall time of one run of `body`, in seconds (the median of `runs`).
    static func seconds(runs: Int = 3, _ body: () async throws -> Void) async rethrows -> Double {
        var samples: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<runs {
            let start = clock.now
            try await body()
            samples.append(Double(picoseconds(start.duration(to: clock.now))) / 1e12)
        }
        return samples.sorted()[samples.count / 2]
    }

    /// The CPU time the whole process has used so far (user and system, every thread), in seconds.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        return user + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// The process's peak resident set size so far, in bytes (VmHWM).
    static func peakResidentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kilobytes * 1024
    }

    private static func picoseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000_000_000 + duration.components.attoseconds / 1_000_000
    }
}

extension Measure {
    /// The per-iteration time of a tight loop run `count` times by `body`, in nanoseconds (median of 5).
    static func latencyOfLoop(count: Int, _ body: (Int) -> Void) -> Double {
        body(count / 10)
        let clock = ContinuousClock()
        var samples: [Double] = []
        for _ in 0..<5 {
            let start = clock.now
            body(count)
            let elapsed = start.duration(to: clock.now)
            samples.append(
                Double(elapsed.components.seconds) * 1e9 / Double(count) + Double(elapsed.components.attoseconds) / 1e9
                    / Double(count))
        }
        return samples.sorted()[2]
    }

    /// The wall time of a synchronous body, in seconds (median of 3).
    static func secondsSync(runs: Int = 3, _ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = clock.now
            body()
            let elapsed = start.duration(to: clock.now)
            samples.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return samples.sorted()[samples.count / 2]
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
