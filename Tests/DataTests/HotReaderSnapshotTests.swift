import Domain
import Foundation
import GRDB
import TestSupport
import Testing

@testable import StrataData

/// Hot lookups share a read snapshot for a few milliseconds (ADR 0035): never behind this
/// process's writes, behind another process's for at most the snapshot's lifetime, and never
/// left open to hold back checkpoints.
@Suite("Hot lookups share a short read snapshot")
struct HotReaderSnapshotTests {
    let folder: ScratchFolder
    let url: URL

    init() throws {
        folder = try ScratchFolder()
        url = folder.url.appendingPathComponent("app.sqlite")
    }

    func stored(_ id: Int, title: String) -> Document {
        Samples.document(id, title: title)
    }

    func persist(_ document: Document, in database: AppDatabase) async throws {
        try await database.documentStore().persist(document, for: document.id, metadata: .init(fetchedAt: Samples.date))
    }

    @Test func aWriteOfThisProcessIsReadAtOnceEvenWithinALongSnapshot() async throws {
        // A minute-long snapshot: only the commit count can make the second read see the write.
        let writer = try AppDatabase.open(at: url, snapshotMilliseconds: 60_000)
        let reader = try AppDatabase.open(at: url, snapshotMilliseconds: 60_000)
        try await persist(stored(1, title: "first"), in: writer)
        #expect(try await reader.documentStore().find(FakeData.documentID(1))?.value.title == "first")
        #expect(reader.reader.holdsSnapshot)
        try await persist(stored(1, title: "second"), in: writer)
        try await persist(stored(2, title: "another"), in: reader)
        #expect(try await reader.documentStore().find(FakeData.documentID(1))?.value.title == "second")
        #expect(try await writer.documentStore().find(FakeData.documentID(2))?.value.title == "another")
    }

    /// A newer build's migration in another process adds a column while this one runs: SQLite
    /// prepares the kept statement again, and `t.*` then has one more column before the metadata.
    ///
    /// The reader kept the old indexes: the metadata came from the wrong columns (a cached user
    /// whose row no longer decoded was even dropped as damaged).
    @Test func aColumnAddedByAnotherConnectionMovesNothingALookupReads() async throws {
        let database = try AppDatabase.open(at: url, snapshotMilliseconds: 50)
        let document = stored(1, title: "first")
        let metadata = CacheMetadata(fetchedAt: Samples.date, etag: "\"d1\"")
        try await database.documentStore().persist(document, for: document.id, metadata: metadata)
        let id = FakeData.documentID(1)
        #expect(try await database.documentStore().find(id)?.metadata == metadata)
        let other = try DatabaseQueue(path: url.path)
        try await other.write { db in
            try db.execute(sql: "ALTER TABLE document ADD COLUMN added_by_a_newer_build INTEGER NOT NULL DEFAULT 3")
            try db.execute(sql: "UPDATE document SET title = 'elsewhere' WHERE id = 1")
        }
        #expect(try await eventually { try await database.documentStore().find(id)?.value.title == "elsewhere" })
        let found = try await database.documentStore().find(id)
        #expect(found?.metadata == metadata)
        var expected = document
        expected.content.title = "elsewhere"
        #expect(found?.value == expected)
    }

    @Test func aWriteOfAnotherConnectionShowsOnceTheSnapshotHasLivedItsLifetime() async throws {
        let database = try AppDatabase.open(at: url, snapshotMilliseconds: 50)
        try await persist(stored(1, title: "first"), in: database)
        let id = FakeData.documentID(1)
        #expect(try await database.documentStore().find(id)?.value.title == "first")
        // Another process, as far as this one can tell: a connection it does not count.
        let other = try DatabaseQueue(path: url.path)
        try await other.write { db in try db.execute(sql: "UPDATE document SET title = 'elsewhere' WHERE id = 1") }
        #expect(try await eventually { try await database.documentStore().find(id)?.value.title == "elsewhere" })
    }

    @Test func aProcessThatSaysItWroteIsReadAtOnce() async throws {
        let database = try AppDatabase.open(at: url, snapshotMilliseconds: 60_000)
        try await persist(stored(1, title: "first"), in: database)
        let id = FakeData.documentID(1)
        #expect(try await database.documentStore().find(id)?.value.title == "first")
        let other = try DatabaseQueue(path: url.path)
        try await other.write { db in try db.execute(sql: "UPDATE document SET title = 'elsewhere' WHERE id = 1") }
        #expect(try await database.documentStore().find(id)?.value.title == "first", "still the snapshot")
        database.forgetReadSnapshot()  // what the app does when another process signals a write
        #expect(try await database.documentStore().find(id)?.value.title == "elsewhere")
    }

    @Test func anIdleSnapshotIsEndedSoACheckpointCanEmptyTheLog() async throws {
        let database = try AppDatabase.open(at: url, snapshotMilliseconds: 200)
        try await persist(stored(1, title: "first"), in: database)
        _ = try await database.documentStore().find(FakeData.documentID(1))
        #expect(database.reader.holdsSnapshot)
        #expect(await eventually { !database.reader.holdsSnapshot })
        let log = try await database.pool.writeWithoutTransaction { db in
            try db.checkpoint(.truncate)
        }
        #expect(log.walFrameCount == 0, "nothing holds the log back")
    }

    @Test func aRecordThatAsksForItsColumnsInAnotherOrderStillGetsTheRightOnes() throws {
        let database = try AppDatabase.open(at: url)
        try database.write { db in
            try db.execute(sql: "CREATE TABLE pair(a TEXT, b TEXT)")
            try db.execute(sql: "INSERT INTO pair VALUES ('x', 'y')")
        }
        let sql = HotSQL("SELECT a, b FROM pair")
        let forwards = try database.reader.first(sql, arguments: []) { row in
            [try row.decode(String.self, forColumn: Column("a")), try row.decode(String.self, forColumn: Column("b"))]
        }
        let backwards = try database.reader.first(sql, arguments: []) { row in
            [try row.decode(String.self, forColumn: Column("b")), try row.decode(String.self, forColumn: Column("A"))]
        }
        #expect(forwards == ["x", "y"])
        #expect(backwards == ["y", "x"])
        #expect(throws: StorageError.self) {
            try database.reader.first(sql, arguments: []) { row in try row.decode(String.self, forColumn: Column("c")) }
        }
    }

    @Test(arguments: [
        ("", [String]()), ("one", ["one"]), ("one two", ["one", "two"]), ("  one   two ", ["one", "two"]),
        ("été café", ["été", "café"]),
    ])
    func tagsAreSplitOnSpaces(column: String, tags: [String]) {
        #expect(DocumentRecord.tags(inColumn: column) == tags)
    }
}
