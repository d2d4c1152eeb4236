import Domain
import Foundation
import GRDB
import Synchronization
import TestSupport
import Testing

@testable import StrataData

/// Saving an import's chunk runs off the main actor, so the main actor can start the chunk's
/// send meanwhile (ADR 0042).
@Suite("Queueing many new documents")
struct QueueingOffTheMainActorTests {
    /// Another connection's write transaction, held until released once (by whoever comes first).
    final class WriteLock: Sendable {
        private let queue: Mutex<DatabaseQueue?>

        init(_ file: URL) throws {
            var configuration = Configuration()
            configuration.allowsUnsafeTransactions = true  // the transaction outlives the access that began it
            let queue = try DatabaseQueue(path: file.path, configuration: configuration)
            try queue.inDatabase { db in try db.execute(sql: "BEGIN IMMEDIATE") }
            self.queue = Mutex(queue)
        }

        /// Ends the transaction; whether this call was the one that did.
        @discardableResult func release() -> Bool {
            guard let queue = queue.withLock({ $0.take() }) else { return false }
            try? queue.inDatabase { db in try db.execute(sql: "ROLLBACK") }
            return true
        }
    }

    @MainActor @Test func theMainActorRunsWhileAChunkWaitsToBeSaved() async throws {
        let folder = try ScratchFolder()
        let file = folder.url.appendingPathComponent("queue.sqlite")
        let api = APIClient(
            baseURL: URL(fileURLWithPath: "/"), http: ScriptedHTTPClient([]), security: .development, retry: .never,
            clock: ContinuousClock(), now: { Date() })
        // The save may wait a minute for another writer: with the tests running in parallel, the
        // main actor once took over 3 s to come back (the app waits 5 s).
        let database = try AppDatabase.open(at: file, snapshotMilliseconds: 10, busySeconds: 60)
        let stack = DataStack(database: database, api: api, monitor: NetworkMonitor(), now: { Date() })
        let repository = stack.documentRepository
        // (The waiting save holds a shared thread: one such test at a time.)
        let releasedHere = try await TestSlots.heldThreads.run {
            // Given another connection writing, so a save must wait for it (at most 30 s: a save that
            // blocked the main actor would otherwise never let it go)
            let lock = try WriteLock(file)
            DispatchQueue.global().asyncAfter(deadline: .now() + 30) { lock.release() }
            // When a chunk is queued from the main actor
            var started = false
            let saving = Task { @MainActor in
                started = true
                try await repository.queue((1...500).map { FakeData.draft(title: "queued \($0)") })
            }
            // Then the main actor gets back here while the save waits, and lets the other writer go:
            // a save on the main actor would hold it until the 30 s timer let the writer go instead
            while !started { await Task.yield() }
            let releasedHere = lock.release()
            try await saving.value
            return releasedHere
        }
        #expect(releasedHere)
        #expect(try Outbox(database: database).entries().count == 500)
    }
}
