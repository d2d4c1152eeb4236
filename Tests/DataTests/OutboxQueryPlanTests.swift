import Domain
import Foundation
import GRDB
import Synchronization
import TestSupport
import Testing

@testable import StrataData

/// A batch settles hundreds of changes in one transaction: each statement about one item must find
/// that item's changes through an index, never by reading the queue.
@Suite("Outbox query plans")
struct OutboxQueryPlanTests {
    @Test func settlingAChangeReadsOnlyItsItemsChanges() async throws {
        let folder = try ScratchFolder()
        let database = try AppDatabase.open(at: folder.url.appendingPathComponent("plans.sqlite"))
        let monitor = NetworkMonitor()
        monitor.record(.offline)
        let stack = DataStack(database: database, api: APIClient.unreachable, monitor: monitor, now: { Date() })
        try await stack.documentRepository.queue(
            (0..<20).map { FakeData.draft(title: "Note \($0)") })
        let outbox = Outbox(database: database)
        let first = try #require(try outbox.entries().first)
        let statements = Mutex<[String]>([])
        try await database.pool.writeWithoutTransaction { db in
            db.trace { event in
                guard case .statement(let statement) = event else { return }
                statements.withLock { $0.append(statement.expandedSQL) }
            }
        }
        _ = try database.write { db in
            try Outbox.completed(first, serverID: 100, etag: "\"e1\"", localState: "document", db)
        }
        let aboutOneItem = statements.withLock { $0 }.filter { $0.contains("WHERE") && $0.contains("item_id") }
        #expect(!aboutOneItem.isEmpty)
        try await database.pool.writeWithoutTransaction { db in
            db.trace(options: [], nil)
            for sql in aboutOneItem where sql.contains("outbox") {
                let plan = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String? ?? "" }
                #expect(plan.contains { $0.contains("outbox_item") || $0.contains("PRIMARY KEY") }, "\(sql): \(plan)")
            }
        }
    }
}
