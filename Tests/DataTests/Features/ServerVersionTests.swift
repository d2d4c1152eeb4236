import Domain
import Foundation
import GRDB
import Testing

@testable import StrataData

/// The server version a device reports: every registered collection's change number, added up.
@Suite("The server version of many collections")
struct ServerVersionTests {
    /// The server version `sync status` reports once the documents' pull reached `documents` and
    /// the bookmarks' reached `bookmarks`, as stored.
    func version(documents: String, bookmarks: String) async throws -> Int {
        let fixture = try await FeatureStoreTests.Fixture.make()
        try fixture.stack.database.write { db in
            try db.execute(
                sql:
                    "INSERT OR REPLACE INTO sync_state (key, value) VALUES ('pull:documents', ?), ('pull:testbookmarks', ?)",
                arguments: [documents, bookmarks])
        }
        return await fixture.stack.sync.status().serverVersion
    }

    /// Two change numbers near `Int.max` (a damaged row, or a server's numbers) overflowed the sum,
    /// and `sync status` trapped.
    @Test func changeNumbersThatOverflowTheirSumGiveTheLargestVersion() async throws {
        #expect(try await version(documents: "9223372036854775807", bookmarks: "9223372036854775807") == Int.max)
    }

    @Test func aNegativeChangeNumberCountsAsNone() async throws {
        #expect(try await version(documents: "-5", bookmarks: "7") == 7)
    }
}
