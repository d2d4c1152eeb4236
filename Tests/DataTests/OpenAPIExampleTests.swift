import Domain
import Foundation
import TestSupport
import Testing
import Yams

@testable import StrataData

/// The client's wire types read every example Docs/openapi.yaml gives, and write a batch as the
/// contract shows it: the contract schemathesis checks the server against is the one the client
/// is built to.
@Suite("The client against the contract's examples")
struct OpenAPIExampleTests {
    /// Docs/openapi.yaml, read afresh.
    static func spec() throws -> [String: Any] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Docs/openapi.yaml")
        return try #require(try Yams.load(yaml: String(contentsOf: file, encoding: .utf8)) as? [String: Any])
    }

    /// The JSON of a named example in `components/examples`.
    static func example(_ name: String) throws -> Data {
        let components = try #require(try spec()["components"] as? [String: Any])
        let examples = try #require(components["examples"] as? [String: Any])
        let example = try #require(examples[name] as? [String: Any], "no example \(name)")
        let value = try #require(example["value"])
        return try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
    }

    @Test func aDocumentReadsAsTheDomainsDocument() throws {
        let document = try DocumentResource.item(
            from: JSONCoding.decoder.decode(DocumentDTO.self, from: Self.example("Document")))
        #expect(document.id == 1 && document.title == "Welcome to Strata" && document.tags == ["intro"])
        #expect(document.createdAt == Date(timeIntervalSince1970: 1_767_258_000))
    }

    @Test func anAttachmentListReadsAsTheDomainsAttachments() throws {
        let list = try JSONCoding.decoder.decode(AttachmentDTO.List.self, from: Self.example("AttachmentList"))
        let attachments = try list.items.map { dto throws(AttachmentError) in try dto.attachment() }
        #expect(attachments.map(\.name) == ["notes.jsonl"] && attachments.map(\.size) == [213])
        #expect(attachments.map(\.documentID) == [1])
    }

    @Test func aListReadsWithItsVersion() throws {
        let list = try JSONCoding.decoder.decode(
            FeatureListDTO<DocumentSummaryDTO>.self, from: Self.example("DocumentList"))
        #expect(try list.items.map { try DocumentResource.summary(from: $0).id } == [2, 1])
    }

    @Test func aChangeListKeepsEachDocumentsEntityTag() throws {
        let changes = try JSONCoding.decoder.decode(
            FeatureChangesDTO<DocumentResource>.self, from: Self.example("DocumentChangeList"))
        #expect(try changes.items.map { try DocumentResource.item(from: $0.wire).id } == [2])
        #expect(changes.deleted == [3] && changes.serverVersion == 6 && changes.more == false)
        #expect(changes.items.map(\.etag) == [#""d2-v2""#] && changes.skipped.isEmpty)
    }

    @Test func aUserReadsAsTheDomainsUser() throws {
        let user = try JSONCoding.decoder.decode(UserDTO.self, from: Self.example("User")).toDomain()
        #expect(user.id == 1 && user.name == "Ada Lovelace")
    }

    @Test func aBatchAnswerGivesEachChangeItsOutcome() throws {
        let answer = try JSONCoding.decoder.decode(
            BatchResponseDTO<DocumentDTO>.self, from: Self.example("BatchResponse"))
        let outcomes = answer.results.map(\.outcome)
        #expect(try outcomes[0].get().0.map(DocumentResource.item(from:))?.id == 4)
        #expect(try outcomes[0].get().1.etag == #""d4-v1""#)
        #expect(try outcomes[1].get().0.map(DocumentResource.item(from:))?.body == "Revised.")
        #expect(throws: RemoteError.conflict) { try outcomes[2].get() }
    }

    @Test func theClientWritesABatchAsTheContractShowsIt() throws {
        // What the engine sends of each document: its wire form, as for any write.
        let groceries = DocumentResource.wire(
            for: FakeData.document(id: 4, title: "Groceries", body: "", tags: ["home"]))
        let revised = DocumentResource.wire(
            for: FakeData.document(id: 2, title: "Layer rules", body: "Revised.", tags: ["architecture", "rules"]))
        let changes = [
            BatchChangeDTO(method: "POST", path: "/documents", idempotencyKey: "7d3f-1", ifMatch: nil, body: groceries),
            BatchChangeDTO(
                method: "PUT", path: "/documents/2", idempotencyKey: "7d3f-2", ifMatch: #""d2-v1""#, body: revised),
            BatchChangeDTO(
                method: "DELETE", path: "/documents/3", idempotencyKey: "7d3f-3", ifMatch: #""d3-v4""#, body: nil),
        ]
        let encoder = JSONCoding.encoder
        encoder.outputFormatting = [.sortedKeys]
        let sent = try encoder.encode(BatchRequestDTO(changes: changes))
        #expect(try Self.object(sent) == Self.object(Self.example("BatchRequest")))
    }

    private static func object(_ data: Data) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
    }
}
