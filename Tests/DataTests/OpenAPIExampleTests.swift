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
        let document = try JSONCoding.decoder.decode(DocumentDTO.self, from: Self.example("Document")).toDomain()
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
        let list = try JSONCoding.decoder.decode(DocumentListDTO.self, from: Self.example("DocumentList"))
        #expect(list.items.map(\.id) == [2, 1] && list.serverVersion == 3 && list.deleted == [])
    }

    @Test func aChangeListKeepsEachDocumentsEntityTag() throws {
        let changes = try JSONCoding.decoder.decode(DocumentChangesDTO.self, from: Self.example("DocumentChangeList"))
            .toDomain()
        #expect(changes.documents.map(\.id) == [2] && changes.deleted == [3] && changes.serverVersion == 6)
        #expect(changes.validators == [2: #""d2-v2""#] && changes.more == false)
    }

    @Test func aUserReadsAsTheDomainsUser() throws {
        let user = try JSONCoding.decoder.decode(UserDTO.self, from: Self.example("User")).toDomain()
        #expect(user.id == 1 && user.name == "Ada Lovelace")
    }

    @Test func aBatchAnswerGivesEachChangeItsOutcome() throws {
        let answer = try JSONCoding.decoder.decode(
            BatchResponseDTO<DocumentDTO>.self, from: Self.example("BatchResponse"))
        let outcomes = answer.results.map(\.outcome)
        #expect(try outcomes[0].get().0?.toDomain().id == 4)
        #expect(try outcomes[0].get().1.etag == #""d4-v1""#)
        #expect(try outcomes[1].get().0?.toDomain().body == "Revised.")
        #expect(throws: RemoteError.conflict) { try outcomes[2].get() }
    }

    @Test func theClientWritesABatchAsTheContractShowsIt() throws {
        let writes = [
            DocumentWrite(
                .create(DocumentDraft(title: "Groceries", body: "", tags: ["home"])), ifMatch: nil,
                idempotencyKey: "7d3f-1"),
            DocumentWrite(
                .update(2, DocumentChanges(title: nil, body: "Revised.", tags: nil)), ifMatch: #""d2-v1""#,
                idempotencyKey: "7d3f-2"),
            DocumentWrite(.delete(3), ifMatch: #""d3-v4""#, idempotencyKey: "7d3f-3"),
        ]
        let encoder = JSONCoding.encoder
        encoder.outputFormatting = [.sortedKeys]
        let sent = try encoder.encode(BatchRequestDTO(changes: writes.map(BatchChangeDTO.init)))
        let contract = try Self.example("BatchRequest")
        // The draft's empty body is sent; the contract's example leaves it out.
        #expect(try Self.object(sent) == Self.object(contract).withBody("", inChange: 0))
    }

    private static func object(_ data: Data) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
    }
}

extension NSDictionary {
    /// The batch request with `body` set in the body of change `index`.
    fileprivate func withBody(_ body: String, inChange index: Int) -> NSDictionary {
        guard var changes = self["changes"] as? [[String: Any]], var change = changes[index]["body"] as? [String: Any]
        else { return self }
        change["body"] = body
        changes[index]["body"] = change
        return ["changes": changes]
    }
}
