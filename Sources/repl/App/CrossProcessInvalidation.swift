import Domain
import Foundation
import Logging
import Signals
import StrataData
import Synchronization

/// Keeps the processes that share one container (the app and its extension) from serving each
/// other stale memory: each commit here posts a signal; a signal from another process empties
/// this one's memory tiers and tells the scenes that anything may have changed.
///
/// As Darwin notifications do, the signal carries nothing: the disk tier, shared by both, is
/// right; only what each process keeps in memory goes stale.
nonisolated final class CrossProcessInvalidation: Sendable {
    /// Signals heard from other processes and acted on, for `live status`.
    var heard: Int { counter.count.withLock { $0 } }
    private let signal: FolderSignal
    private let stack: DataStack
    private let counter = Counter()
    private let tasks = Mutex<[Task<Void, Never>]>([])
    private let logger = Logger(label: "strata.repl.signals")

    /// A signal in `folder` (the container's `Library/Signals/`) for `stack`'s database.
    init(folder: URL, stack: DataStack) throws(SignalError) {
        signal = try FolderSignal(folder: folder, name: "database")
        self.stack = stack
    }

    deinit {
        for task in tasks.withLock({ $0 }) { task.cancel() }
    }

    /// Starts posting this process's commits and listening for the others'.
    func start() {
        let database = stack.database
        let stack = stack
        let signal = signal
        let logger = logger
        let counter = counter
        let commits = database.changes.changes()
        let posting = Task.detached {
            for await change in commits {
                guard case .documents = change else { continue }  // .everything came from elsewhere
                do {
                    try signal.post()
                } catch {
                    logger.warning("\(error.localizedDescription)")
                }
            }
        }
        var started = [posting]
        do {
            let heard = try signal.observe()
            started.append(
                Task.detached {
                    for await _ in heard {
                        database.forgetReadSnapshot()  // first: a read after the evacuation must see the write
                        stack.evacuateMemory()
                        database.changes.announce(.everything)
                        // Counted once acted on: a command that sees the count (`app extension`
                        // waits for it) reads past the memory the signal emptied.
                        counter.count.withLock { $0 += 1 }
                    }
                })
        } catch {
            logger.warning("\(error.localizedDescription); other processes' writes will not reach this one")
        }
        tasks.withLock { $0 = started }
    }
}

/// A count the listening task and the commands share.
nonisolated private final class Counter: Sendable {
    let count = Mutex(0)
}
