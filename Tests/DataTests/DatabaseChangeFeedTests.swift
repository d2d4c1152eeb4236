import DemoBackend
import Domain
import Foundation
import GRDB
import StrataData
import Synchronization
import TestSupport
import Testing

/// The database announces what each committed transaction changed, whoever wrote it.
@Suite("The database's change feed")
struct DatabaseChangeFeedTests {
    typealias Stack = DocumentRepositoryIntegrationTests.Stack

    /// Collects what the feed announces.
    final class Recorder: Sendable {
        final class Log: Sendable {
            let changes = Mutex<[DataChange]>([])
        }

        let log = Log()
        let task: Task<Void, Never>

        init(_ stream: AsyncStream<DataChange>) {
            let log = log
            task = Task { for await change in stream { log.changes.withLock { $0.append(change) } } }
        }

        /// The changes announced so far, once `count` have arrived (or once `eventually` gives up).
        func settled(count: Int) async -> [DataChange] {
            await settled { $0.count >= count }
        }

        /// The changes announced so far, once they satisfy `done` (or once `eventually` gives up).
        func settled(_ done: ([DataChange]) -> Bool) async -> [DataChange] {
            _ = await eventually { done(log.changes.withLock({ $0 })) }
            return log.changes.withLock { $0 }
        }
    }

    func ids(_ numbers: Int...) -> DataChange { .documents(Set(numbers.map(FakeData.documentID))) }

    @Test func aSaveASyncAndAServerEditAreEachAnnouncedWithTheirDocuments() async throws {
        let stack = try await Stack.make()
        _ = try await stack.documents.document(id: 2, policy: .cacheFirst)  // cached before anyone listens
        let recorder = Recorder(stack.database.changes.changes())
        defer { recorder.task.cancel() }
        // A save sent at once: the local version, then the server's answer, each in its transaction
        _ = try await stack.documents.update(id: 2, with: FakeData.changes(title: "Renamed"))
        #expect(await recorder.settled(count: 2) == [ids(2), ids(2)])
        // Another device's edit, pulled by a sync, page by page
        try await stack.live.backend.editElsewhere("documents", id: 3, fields: #"{"body":"Changed elsewhere"}"#)
        _ = try await stack.sync.pull()
        let all = await recorder.settled { $0.contains { $0.touches(FakeData.documentID(3)) } }
        #expect(all.dropFirst(2).contains(ids(3)))
    }

    @Test func anotherConnectionsWriteIsNotHeardButAnAnnouncementReachesEverySubscriber() async throws {
        let stack = try await Stack.make()
        let first = Recorder(stack.database.changes.changes())
        let second = Recorder(stack.database.changes.changes())
        defer {
            first.task.cancel()
            second.task.cancel()
        }
        let pool = try stack.rawConnection()
        // A write on another connection to the file is another process's: not seen here
        try await pool.write { db in try db.execute(sql: "UPDATE document SET title = 'x' WHERE id = 1") }
        // The app hears of it through its signal and announces it
        stack.database.changes.announce(.everything)
        #expect(await first.settled(count: 1) == [.everything])
        #expect(await second.settled(count: 1) == [.everything])
    }

    @Test func theFeedCountsWhatItAnnouncedSoAFollowerKnowsWhenItHasEverything() async throws {
        let stack = try await Stack.make()
        _ = try await stack.documents.document(id: 2, policy: .cacheFirst)  // cached before anyone listens
        let follow = ObserveChangesUseCase(feed: stack.database.changes)
        let (stream, before) = follow.executeCounted()
        let recorder = Recorder(stream)
        defer { recorder.task.cancel() }
        // A save (two commits: the local version, then the server's answer) and an announcement
        _ = try await stack.documents.update(id: 2, with: FakeData.changes(title: "Counted"))
        stack.database.changes.announce(.everything)
        let announced = follow.announcedCount() - before
        #expect(announced == 3)
        #expect(await recorder.settled(count: announced).count == announced)
    }
}
