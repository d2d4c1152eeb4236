import Domain
import Foundation
import GRDB
import TestSupport
import Testing

@testable import StrataData

/// How a batch's accepted changes settle: in one transaction, each item ending as if it had been
/// settled alone.
@Suite("Settling a batch of accepted changes")
struct SettleBatchTests {
    let pinned = LocalStateKey<Bool>.document("pinned")

    @Test func eachCreateOfABatchEndsAsIfSettledAloneWhateverWaitsForItsDocument() async throws {
        // Given three creates (the second pinned on this device, the third with an edit that waits
        // for a later batch, as a batch holds one change per item) and an edit of a document the
        // server already has, answered by a server that numbers the creates 101 to 103
        let answers = (1...3).map { Self.result(201, id: 100 + $0, title: "new \($0)", body: "", etag: "c\($0)") }
        let script = ScriptedHTTPClient([
            ScriptedHTTPClient.json(
                200,
                #"{"results":[\#((answers + [Self.result(200, id: 50, title: "known", body: "edited", etag: "u5", version: 3)]).joined(separator: ","))]}"#
            )
        ])
        let folder = try ScratchFolder()
        let database = try AppDatabase.open(at: folder.url.appendingPathComponent("settle.sqlite"))
        let monitor = NetworkMonitor()
        monitor.record(.offline)  // nothing is sent until the test sends the batch
        let api = APIClient(
            baseURL: try #require(URL(string: "http://127.0.0.1:9")), http: script, security: .development,
            retry: .never, clock: ContinuousClock(), now: { Date() })
        let stack = DataStack(database: database, api: api, monitor: monitor, now: { Date() })
        let documents = stack.documentRepository
        try await documents.queue((1...3).map { FakeData.draft(title: "new \($0)") })
        _ = try await documents.update(id: -3, with: FakeData.changes(body: "edited 3"))
        try LocalStateStore(database: database).set(true, for: pinned, id: -2)
        let known = FakeData.document(
            id: 50, title: "known", body: "", version: 2, createdAt: Date(), updatedAt: Date())
        try database.write { db in
            try FeatureStore<DocumentResource>.writeRow(
                known, id: 50, metadata: CacheMetadata(fetchedAt: Date(), etag: "\"k1\""), db)
        }
        _ = try await documents.update(id: 50, with: FakeData.changes(body: "edited"))
        let outbox = Outbox(database: database)
        let waiting = try #require(try outbox.entries().first { $0.itemId == -3 && $0.operation == .update })
        // When the batch of every other change is accepted
        let sent = await documents.store.send(try outbox.entries().filter { $0.seq != waiting.seq })
        #expect(try sent.settle().isEmpty)
        // Then every create is mapped to its server id
        for index in 1...3 {
            let local = try #require(Document.ID(rawValue: -index))
            #expect(try await documents.document(id: local, policy: .localOnly).value.id.rawValue == 100 + index)
        }
        // And the pin moved with the second document
        let state = LocalStateStore(database: database)
        #expect(try state.value(pinned, for: 102) == true && state.value(pinned, for: -2) == nil)
        // And only the waiting edit is left, moved to its document's server id and rebased on the
        // create's answer, with this device's version kept under that id for it
        let left = try outbox.entries()
        #expect(left.map(\.seq) == [waiting.seq] && left.first?.itemId == 103 && left.first?.baseETag == "\"c3\"")
        #expect(try await documents.document(id: 103, policy: .localOnly).value.body == "edited 3")
        // And the known document holds the server's answer
        let cached = try #require(try await RecordStore<DocumentRecord>(database: database).find(50))
        #expect(cached.value.version == 3 && cached.metadata.etag == "\"u5\"")
    }

    /// One result of a batch's answer.
    private static func result(
        _ status: Int, id: Int, title: String, body: String, etag: String, version: Int = 1
    ) -> String {
        #"{"status":\#(status),"etag":"\"\#(etag)\"","body":{"id":\#(id),"title":"\#(title)","body":"\#(body)","tags":[],"createdAt":"2026-01-01T09:00:00Z","updatedAt":"2026-01-01T09:00:00Z","version":\#(version)}}"#
    }
}
