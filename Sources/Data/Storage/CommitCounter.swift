import Foundation
import GRDB
import Synchronization

/// Counts the transactions committed to one database file by this process, whichever
/// ``AppDatabase`` opened it.
///
/// The hot reader keeps a read snapshot for a few milliseconds (ADR 0035) and starts a new one as
/// soon as this count moves, so a read that follows a write in this process always sees it.
final class CommitCounter: Sendable {
    private let count = Atomic<Int>(0)

    /// The counter of the file at `path`, shared by every database open on it in this process.
    static func forFile(atPath path: String) -> CommitCounter {
        let key = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        return registry.withLock { counters in
            if let counter = counters[key] { return counter }
            let counter = CommitCounter()
            counters[key] = counter
            return counter
        }
    }

    /// The number of commits so far.
    var value: Int { count.load(ordering: .acquiring) }

    /// Counts a commit this process did not make, so that the next lookup sees it.
    func countCommitMadeElsewhere() { count.add(1, ordering: .releasing) }

    /// A GRDB observer that counts every commit of the connection it is added to.
    var observer: some TransactionObserver { Observer(counter: self) }

    private static let registry = Mutex<[String: CommitCounter]>([:])

    private final class Observer: TransactionObserver {
        let counter: CommitCounter

        init(counter: CommitCounter) {
            self.counter = counter
        }

        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
        func databaseDidChange(with event: DatabaseEvent) {}
        func databaseDidCommit(_ db: Database) { counter.count.add(1, ordering: .releasing) }
        func databaseDidRollback(_ db: Database) {}
    }
}
