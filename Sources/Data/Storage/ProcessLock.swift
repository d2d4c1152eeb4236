import Foundation
import Synchronization

/// A lock that lets one process at a time do one kind of work on the database they share: an
/// advisory `flock(2)` on a file beside the database (or on the file the work is about), which the
/// kernel drops when the process ends, however it ends.
///
/// An app and its extension share one database. Two processes pushing at once would read the same
/// outbox entries, or an entry whose predecessor the other is still settling, and send it with a
/// validator the server no longer has: the device would conflict with itself (`push`, held from
/// reading the first batch to settling the last, ADR 0046). Two processes opening a new database
/// at once would both create and migrate it, and SQLite answers one of them "database is locked"
/// or "table already exists" (`open`, held while the file is opened and migrated).
struct ProcessLock: Sendable {
    /// The lock file.
    let path: String

    /// The lock for `purpose` (`push`, `open`) on the database at `databasePath`.
    init(beside databasePath: String, for purpose: String) {
        path = databasePath + "-\(purpose).lock"
    }

    /// The lock while it is held; ``release()`` lets the next process in.
    final class Held: Sendable {
        private let descriptor: Int32

        fileprivate init(descriptor: Int32) {
            self.descriptor = descriptor
        }

        deinit {
            close(descriptor)
        }

        /// Lets the next process in (closing the file drops the lock).
        func release() {
            _ = flock(descriptor, LOCK_UN)
        }
    }

    /// Takes the lock, waiting for another process's work to end; nil when the lock file cannot be
    /// opened (the work then goes on alone, as before locks) or the waiting task was cancelled.
    func acquire() async -> Held? {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return Held(descriptor: descriptor) }
        return await Self.wait(descriptor)
    }
}

extension ProcessLock {
    /// Runs `body` holding the lock, blocking the thread until another process lets it go.
    ///
    /// For work as short as opening the database, which nothing runs beside. Without a lock file,
    /// `body` runs alone.
    func holding<Value>(_ body: () throws -> Value) rethrows -> Value {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }  // which drops the lock
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        return try body()
    }
}

extension ProcessLock {
    /// The lock on the file at `path` itself, when no other process holds it; nil when one does,
    /// or when the file is gone (it is never created).
    ///
    /// For work on one file that one process at a time may do, and that another process skips
    /// rather than waits for: sending a queued upload.
    static func tryHolding(existingFile path: String) -> Held? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        return Held(descriptor: descriptor)
    }
}

// MARK: - Private

extension ProcessLock {
    /// Who answers the waiting task first: the thread that got the lock, or its cancellation.
    private final class Waiter: Sendable {
        let continuation: Mutex<CheckedContinuation<Bool, Never>?>

        init(_ continuation: CheckedContinuation<Bool, Never>) {
            self.continuation = Mutex(continuation)
        }

        /// Resumes the task once; true when this call was the one that did.
        func resume(_ value: Bool) -> Bool {
            guard let continuation = continuation.withLock({ $0.take() }) else { return false }
            continuation.resume(returning: value)
            return true
        }
    }

    /// Waits for the lock in a thread of its own.
    ///
    /// `flock` blocks, and a blocked thread of the cooperative pool (as many as the cores) would
    /// stall every other task meanwhile. A cancelled wait answers at once; its thread lets the
    /// lock go as soon as it gets it.
    private static func wait(_ descriptor: Int32) async -> Held? {
        let holder = Mutex<Waiter?>(nil)
        let got = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let waiter = Waiter(continuation)
                holder.withLock { $0 = waiter }
                if Task.isCancelled { _ = waiter.resume(false) }
                Thread.detachNewThread {
                    let locked = flock(descriptor, LOCK_EX) == 0
                    if !waiter.resume(locked) { close(descriptor) }  // nobody waits any more
                }
            }
        } onCancel: {
            _ = holder.withLock { $0 }?.resume(false)
        }
        guard got else {
            return nil
        }
        return Held(descriptor: descriptor)
    }
}
