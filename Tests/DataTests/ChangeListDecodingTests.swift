import Domain
import Foundation
import TestSupport
import Testing

@testable import StrataData

@Suite("Change lists from the server")
struct ChangeListDecodingTests {
    @Test func entityTypesTheAppDoesNotKnowAreIgnored() throws {
        let json = #"""
            {"documents":[{"id":5,"title":"t","body":"b","tags":[],"createdAt":"2026-01-01T00:00:00Z",
             "updatedAt":"2026-01-01T00:00:00Z","version":2,"etag":"opaque-5"}],
             "folders":[{"id":1,"name":"from a newer server"}],"deleted":[3],"serverVersion":9,"more":false}
            """#
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let changes = try decoder.decode(DocumentChangesDTO.self, from: Data(json.utf8)).toDomain()
        #expect(changes.documents.map(\.id) == [5] && changes.deleted == [3] && changes.serverVersion == 9)
        #expect(changes.validators == [5: "opaque-5"])
    }
}
