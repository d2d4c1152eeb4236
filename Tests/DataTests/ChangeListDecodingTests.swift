import Domain
import Foundation
import TestSupport
import Testing

@testable import StrataData

@Suite("Change lists from the server")
struct ChangeListDecodingTests {
    @Test func entityTypesTheAppDoesNotKnowAreSkippedAndNamed() throws {
        let json = #"""
            {"documents":[{"id":5,"title":"t","body":"b","tags":[],"createdAt":"2026-01-01T00:00:00Z",
             "updatedAt":"2026-01-01T00:00:00Z","version":2,"etag":"opaque-5"}],
             "folders":[{"id":1,"name":"from a newer server"}],"deleted":[3],"serverVersion":9,"more":false}
            """#
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let changes = try decoder.decode(FeatureChangesDTO<DocumentResource>.self, from: Data(json.utf8))
        #expect(try changes.items.map { try DocumentResource.item(from: $0.wire).id } == [5])
        #expect(changes.deleted == [3] && changes.serverVersion == 9 && changes.items.map(\.etag) == ["opaque-5"])
        #expect(changes.skipped == ["folders"])
    }
}
