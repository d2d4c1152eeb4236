import DemoBackend
import Domain
import Foundation
import TestSupport
import Testing

@testable import StrataData

/// A document with every field set, through each boundary Data owns: a field one side of a
/// boundary forgets (a column not written, a key not decoded, a mapping that passes a constant)
/// fails here, not on a second device (Docs/Extending.md, recipe a).
@Suite("Every field of a document, across each boundary")
struct CompleteDocumentRoundTripTests {
    let document = FakeData.completeDocument

    @Test func theTableGivesBackEveryField() async throws {
        let folder = try ScratchFolder()
        let database = try AppDatabase.open(at: folder.url.appendingPathComponent("db.sqlite"))
        let store = RecordStore<DocumentRecord>(database: database)
        try await store.persist(document, for: document.id, metadata: CacheMetadata(fetchedAt: Date()))
        #expect(try await store.find(document.id)?.value == document)
    }

    @Test func theWireGivesBackEveryField() throws {
        // What a write sends, as the server answers it: the same fields with its id, version and times.
        var sent = DocumentResource.wire(for: document)
        (sent.id, sent.version, sent.createdAt, sent.updatedAt) = (
            document.id.rawValue, document.version, document.createdAt, document.updatedAt
        )
        let answer = try JSONCoding.decoder.decode(DocumentDTO.self, from: JSONCoding.encoder.encode(sent))
        #expect(try DocumentResource.item(from: answer) == document)
    }

    /// Each editable field the Domain names is a field of the server's collection and of the
    /// contract's document, new document and update: a field missing on the server is refused or
    /// lost there, one missing from the contract is never checked by the contract run.
    @Test func theServerAndTheContractNameEveryEditableField() throws {
        let fields = Set(DocumentField.allCases.map(\.rawValue))
        #expect(fields.isSubset(of: DemoSeed.documents.fields.map(\.name)))
        let schemas = try #require(
            (try OpenAPIExampleTests.spec()["components"] as? [String: Any])?["schemas"] as? [String: Any])
        for name in ["Document", "NewDocument", "DocumentUpdate"] {
            let properties = (schemas[name] as? [String: Any])?["properties"] as? [String: Any] ?? [:]
            #expect(
                fields.isSubset(of: properties.keys),
                "Docs/openapi.yaml's \(name) lacks \(fields.subtracting(properties.keys).sorted())")
        }
    }
}
