import Domain
import Foundation
import GRDB
import TestSupport
import Testing

@testable import StrataData

/// A read joins the cache's columns to the item's row, so an item whose own columns are named as
/// the cache's (a team's feature with a field called `etag`, `fetchedAt` or `maxAge`) must not
/// hand its values to the cache: a validator the server never sent, or a copy aged wrong.
@Suite("Cache metadata beside an item's own columns")
struct JoinedMetadataTests {
    @Test func anItemsColumnsNamedAsTheCachesDoNotHideItsMetadata() async throws {
        let folder = try ScratchFolder()
        let database = try AppDatabase.open(at: folder.url.appendingPathComponent("joined.sqlite"))
        // Given the item table with columns named as the cache's, holding other values
        try database.write { db in
            try db.execute(sql: "ALTER TABLE document ADD COLUMN etag TEXT DEFAULT 'a field'")
            try db.execute(sql: "ALTER TABLE document ADD COLUMN fetched_at REAL DEFAULT 0")
            try db.execute(sql: "ALTER TABLE document ADD COLUMN max_age REAL DEFAULT 1")
        }
        let store = RecordStore<DocumentRecord>(database: database)
        let id = try #require(Document.ID.server(3))
        let metadata = CacheMetadata(
            fetchedAt: Date(timeIntervalSince1970: 1_767_258_000), etag: #""d3-v1""#, maxAge: 60)
        // When an item is cached and read back
        try await store.persist(FakeData.document(id: id.rawValue, title: "Kept"), for: id, metadata: metadata)
        let found = try #require(try await store.find(id))
        // Then its metadata is the cache's
        #expect(found.value.title == "Kept")
        #expect(found.metadata == metadata)
    }
}
