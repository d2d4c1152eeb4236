public import Foundation
import Synchronization

/// A wall clock the test moves by hand.
public final class ManualDate: Sendable {
    private let current: Mutex<Date>

    /// Starts at `start` (2026-01-01T09:00:00Z by default).
    public init(_ start: Date = Date(timeIntervalSince1970: 1_767_258_000)) {
        current = Mutex(start)
    }

    /// The current moment.
    public var now: Date { current.withLock { $0 } }

    /// Moves the clock forward.
    public func advance(seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// The clock as the closure production code takes.
    public var provider: @Sendable () -> Date { { self.now } }
}
