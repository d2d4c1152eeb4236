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
            try Outbox.completed(
                [(first, 100, "\"e1\"")], collection: first.collection, localState: "document", db)
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

    /// Every settled batch drops the collection's cached lists and their metadata, in a table that
    /// holds a metadata row per item: the drop must be a range of the key's index, not a scan.
    @Test func droppingACollectionsListsReadsOnlyItsKeys() throws {
        let folder = try ScratchFolder()
        let database = try AppDatabase.open(at: folder.url.appendingPathComponent("lists.sqlite"))
        try database.write { db in
            let drop = CacheMetadataRecord.filter(
                CacheMetadataRecord.Columns.key.inNamespace(ListRecord<DocumentResource>.cacheNamespace))
            let statement = try drop.makePreparedRequest(db).statement
            let sql = statement.sql
            let plan = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: statement.arguments)
                .map { $0["detail"] as String? ?? "" }
            #expect(!plan.contains { $0.hasPrefix("SCAN") }, "\(sql): \(plan)")
        }
    }

    /// The namespace's range holds its keys and no other's: not a longer name that begins the
    /// same, nor one that differs where `LIKE` would read `_` as any character.
    @Test func aNamespaceHoldsExactlyItsOwnKeys() throws {
        let folder = try ScratchFolder()
        let database = try AppDatabase.open(at: folder.url.appendingPathComponent("keys.sqlite"))
        let keys = [
            "list:my_notes:all", "list:myXnotes:all", "list:my_notesX:all", "list:my_notes", "list:My_notes:all",
        ]
        let inside = try database.write { db in
            for key in keys {
                try CacheMetadataRecord(key: key, metadata: CacheMetadata(fetchedAt: Date())).insert(db)
            }
            return try String.fetchAll(
                db,
                CacheMetadataRecord.select(CacheMetadataRecord.Columns.key)
                    .filter(CacheMetadataRecord.Columns.key.inNamespace("list:my_notes")))
        }
        #expect(inside == ["list:my_notes:all"])
    }
}
