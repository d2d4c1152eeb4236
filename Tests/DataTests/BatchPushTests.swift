import DemoBackend
import Domain
import Foundation
import HTTPTypes
import StrataData
import TestSupport
import Testing

/// The outbox goes to the server in batches: every change applied once or still queued.
@Suite("Pushing the outbox in batches")
struct BatchPushTests {
    typealias Stack = DocumentRepositoryIntegrationTests.Stack

    @Test func queuedChangesGoInBatchesOfOneEntryPerDocument() async throws {
        let stack = try await Stack.make(pushBatchSize: 3)
        await stack.live.backend.stop()
        for index in 1...7 { _ = try await stack.documents.create(DocumentDraft(title: "offline \(index)")) }
        _ = try await stack.documents.update(id: -1, with: DocumentChanges(body: "edited twice"))
        try await stack.live.backend.start()
        let report = try await stack.sync.sync()
        #expect(report.pushed == 8)
        // Batches of 3: creates 1-3, then 4-6, then 7 with the edit of the first document, which
        // had to wait for its create's answer (the server's id) and so could not join batch 1.
        let routes = await stack.live.backend.status().requestsByRoute
        #expect(routes["POST /batch"] == 3, "\(routes)")
        let titles = await stack.live.backend.documentSnapshot().map(\.title)
        #expect(titles == ["Welcome to Strata", "Layer rules", "Shopping list"] + (1...7).map { "offline \($0)" })
        #expect(await stack.live.backend.documentSnapshot()[3].body == "edited twice")
    }

    @Test func aRefusedChangeIsParkedAndTheOthersInItsBatchAreApplied() async throws {
        let stack = try await Stack.make()
        _ = try await stack.documents.document(id: 2, policy: .cacheFirst)
        await stack.live.backend.stop()
        _ = try await stack.documents.create(DocumentDraft(title: "fine"))
        _ = try await stack.documents.update(id: 2, with: DocumentChanges(body: "mine"))
        try await stack.live.backend.start()
        await stack.live.backend.editElsewhere(id: 2, body: "theirs")
        let report = try await stack.sync.sync()
        #expect(report.pushed == 1 && report.conflicts == 1)
        #expect(await stack.live.backend.documentSnapshot().filter { $0.title == "fine" }.count == 1)
        #expect(try await stack.sync.outbox().map(\.state) == [.conflict])
    }

    @Test func aBatchWhoseAnswerIsLostIsResentAndAppliedOnce() async throws {
        let stack = try await Stack.make()
        await stack.live.backend.stop()
        for index in 1...5 { _ = try await stack.documents.create(DocumentDraft(title: "kept \(index)")) }
        try await stack.live.backend.start()
        await stack.live.backend.injectDroppedConnection()  // applied on the server, answer lost
        await #expect(throws: SyncError.self) { try await stack.sync.sync() }
        #expect(await stack.sync.status().pending == 5)
        let report = try await stack.sync.sync()
        let pending = await stack.sync.status().pending
        #expect(report.pushed == 5 && pending == 0)
        #expect(await stack.live.backend.documentSnapshot().count == 8)
    }

    @Test func aServerWithoutBatchesGetsTheChangesOneByOne() async throws {
        let script = ScriptedHTTPClient([
            ScriptedHTTPClient.json(404, #"{"error":"no route"}"#),
            ScriptedHTTPClient.json(201, Self.document(4, "a"), headers: ["ETag": #""d4-v1""#]),
            ScriptedHTTPClient.json(201, Self.document(5, "b"), headers: ["ETag": #""d5-v1""#]),
        ])
        let client = APIClient(
            baseURL: try #require(URL(string: "http://127.0.0.1:9")), http: script, security: .development,
            retry: .never,
            clock: ContinuousClock(), now: { Date() })
        let writer = HTTPDocumentWriter(client: client)
        let results = try await writer.apply([
            DocumentWrite(.create(DocumentDraft(title: "a")), idempotencyKey: "k1"),
            DocumentWrite(.create(DocumentDraft(title: "b")), idempotencyKey: "k2"),
        ])
        #expect(results.map { (try? $0.get())?.document?.id } == [4, 5])
        #expect(script.requests.map(\.path) == ["/batch", "/documents", "/documents"])
        #expect(script.requests.last?.headerFields[try #require(HTTPField.Name("Idempotency-Key"))] == "k2")
    }

    @Test func anImportIsOneTransactionOnTheDeviceAndBatchesToTheServer() async throws {
        let stack = try await Stack.make(pushBatchSize: 4)
        try await stack.documents.create((1...10).map { DocumentDraft(title: "imported \($0)") })
        #expect(await stack.live.backend.requestCount("POST /batch") == 3)
        #expect(await stack.live.backend.requestCount("POST /documents") == 0)
        #expect(await stack.live.backend.documentSnapshot().count == 13)
        #expect(try await stack.documents.documents(policy: .cacheFirst).value.count == 13)
    }

    private static func document(_ id: Int, _ title: String) -> String {
        #"{"id":\#(id),"title":"\#(title)","body":"","tags":[],"createdAt":"2026-01-01T09:00:00Z","updatedAt":"2026-01-01T09:00:00Z","version":1}"#
    }
}
