import Domain
import Foundation
import GRDB
import Synchronization
import TestSupport
import Testing

@testable import StrataData

/// The outbox settles a batch of hundreds of entries in one transaction: each statement about
/// one document must find that document's entries through an index, never by reading the queue.
@Suite("Outbox query plans")
struct OutboxQueryPlanTests {
    @Test func settlingAnEntryReadsOnlyItsDocumentsEntries() throws {
        let folder = try ScratchFolder()
        let database = try AppDatabase.open(at: folder.url.appendingPathComponent("plans.sqlite"))
        let outbox = OutboxStore(database: database)
        for number in 0..<20 {
            _ = try outbox.recordCreate(DocumentDraft(title: "Note \(number)", body: "", tags: []), now: Date())
        }
        let first = try #require(try outbox.nextBatch(limit: 1).first)
        let statements = Mutex<[String]>([])
        database.pool.writeWithoutTransaction { db in
            db.trace { event in
                guard case .statement(let statement) = event else { return }
                statements.withLock { $0.append(statement.expandedSQL) }
            }
        }
        try outbox.completed(
            first, serverID: Document.ID.server(100), etag: "\"e1\"", caching: nil, maxAge: nil, now: Date())
        let aboutOneDocument = statements.withLock { $0 }.filter { $0.contains("WHERE") && $0.contains("document_id") }
        #expect(!aboutOneDocument.isEmpty)
        try database.pool.writeWithoutTransaction { db in
            db.trace(options: [], nil)
            for sql in aboutOneDocument {
                let plan = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String? ?? "" }
                #expect(plan.contains { $0.contains("outbox_document") }, "\(sql): \(plan)")
            }
        }
    }
}
