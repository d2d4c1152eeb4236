import Foundation
import Logging

/// A one-line progress bar with count and rate, redrawn in place on standard error at most ten
/// times a second; it draws nothing unless both standard output and standard error are terminals.
public final class ProgressBar {
    private let isVisible: Bool
    private let label: String
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    private var lastDrawn: ContinuousClock.Instant?
    private var drewSomething = false
    private var finished = false

    /// Creates a bar; `isVisible` is normally ``ProgressBar/shouldShow(console:)``.
    public init(label: String, isVisible: Bool) {
        self.label = label
        self.isVisible = isVisible
        started = clock.now
    }

    deinit {
        Logger(label: "strata.repl").debug("deinit ProgressBar")
    }

    /// Whether progress should be drawn: never when output goes to a pipe or a file.
    public static func shouldShow(console: Console) -> Bool {
        console.outputIsTerminal && isatty(STDERR_FILENO) == 1
    }

    /// The shortest time between two redraws (a terminal needs no more).
    private static let redrawInterval = Duration.milliseconds(100)

    /// Shows `done` of `total`; redraws at most once per ``redrawInterval``, and when the work is
    /// complete.
    public func update(done: Int, total: Int) {
        guard isVisible, !finished else { return }
        let now = clock.now
        if let lastDrawn, now - lastDrawn < Self.redrawInterval, done < total { return }
        lastDrawn = now
        let line = Self.line(
            label: label, done: done, total: total, elapsed: now - started, width: TerminalSize.columns())
        Console.writeVerbatim("\r" + line + "\u{1B}[K", to: STDERR_FILENO)
        drewSomething = true
    }

    /// Erases the bar, leaving the line clean for the command's output.
    public func finish() {
        finished = true
        guard isVisible, drewSomething else { return }
        Console.writeVerbatim("\r\u{1B}[K", to: STDERR_FILENO)
    }

    /// `label [#####.....] 420/1000  312/s`, fitted to `width`.
    public static func line(label: String, done: Int, total: Int, elapsed: Duration, width: Int) -> String {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = seconds > 0 ? Int(Double(done) / seconds) : 0
        let counts = " \(done)/\(total)  \(rate)/s"
        let barWidth = max(width - label.count - counts.count - 4, 0)
        let filled = total > 0 ? min(barWidth, barWidth * done / total) : 0
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: barWidth - filled)
        return barWidth > 0 ? "\(label) [\(bar)]\(counts)" : "\(label)\(counts)"
    }
}
