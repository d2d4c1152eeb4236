import DemoBackend
import Foundation
import HTTPTypes
import Testing

@testable import StrataData

/// The change list's decoder (an item with its validator beside it, for every collection) must read
/// every field the item's own decoder reads: a field it dropped would take its default on every
/// pulled item and no other test would notice (issue 33).
@Suite("The change list's decoder keeps every field")
struct HandWrittenDecoderTests {
    @Test func aPulledDocumentReadsAsTheGenericDecoderReadsIt() async throws {
        // Given a document of a change list exactly as the server sends it, every member given a
        // value that no default has (so a member the hand-written decoder skips shows)
        let live = try await LiveBackend.start()
        defer { Task { await live.backend.stop() } }
        let authority = try #require(live.client.baseURL.host.map { "\($0):\(live.client.baseURL.port ?? 80)" })
        let (response, body) = try await NIOHTTPClient(timeout: 10).send(
            HTTPRequest(method: .get, scheme: "http", authority: authority, path: "/documents?since=0&full=1"),
            body: nil)
        #expect(response.status == .ok)
        let page = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let sent = try #require((page["documents"] as? [[String: Any]])?.first)
        var document: [String: Any] = [:]
        for (member, value) in sent { document[member] = Self.unusual(value, of: member) }
        let json = try JSONSerialization.data(withJSONObject: document)
        // When the change list's decoder and the item's own read it, then they agree on every field
        let pulled = try JSONCoding.decoder.decode(FeatureChangesDTO<DocumentResource>.Changed.self, from: json)
        let fetched = try JSONCoding.decoder.decode(DocumentDTO.self, from: json)
        #expect(pulled.wire == fetched)
        #expect(try DocumentResource.item(from: pulled.wire) == DocumentResource.item(from: fetched))
        #expect(pulled.etag == document["etag"] as? String)
    }

    /// A value for `member` that no property's default has: dates and the validator stay as sent
    /// (they must parse), other text and numbers change, lists get one element more.
    private static func unusual(_ value: Any, of member: String) -> Any {
        switch value {
        case let text as String where member == "etag" || ISO8601Timestamp.parse(text) != nil: text
        case is String: "unusual \(member)"
        case let number as NSNumber: number.intValue + 7
        case let list as [Any]: list + ["unusual"]
        default: value
        }
    }
}
