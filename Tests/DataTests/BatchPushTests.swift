import DemoBackend
import Domain
import Foundation
import GRDB
import HTTPTypes
import Synchronization
import TestSupport
import Testing

@testable import StrataData

/// The outbox goes to the server in batches: every change applied once or still queued.
@Suite("Pushing the outbox in batches")
struct BatchPushTests {
    typealias Stack = DocumentRepositoryIntegrationTests.Stack

    @Test func queuedChangesGoInBatchesOfOneEntryPerDocument() async throws {
        let stack = try await Stack.make(pushBatchSize: 3)
        await stack.live.backend.stop()
        for index in 1...7 {
            _ = try await stack.documents.create(DocumentDraft(title: "offline \(index)", body: "", tags: []))
        }
        _ = try await stack.documents.update(id: -1, with: DocumentChanges(title: nil, body: "edited twice", tags: nil))
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
        _ = try await stack.documents.create(DocumentDraft(title: "fine", body: "", tags: []))
        _ = try await stack.documents.update(id: 2, with: DocumentChanges(title: nil, body: "mine", tags: nil))
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
        for index in 1...5 {
            _ = try await stack.documents.create(DocumentDraft(title: "kept \(index)", body: "", tags: []))
        }
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
            DocumentWrite(.create(DocumentDraft(title: "a", body: "", tags: [])), ifMatch: nil, idempotencyKey: "k1"),
            DocumentWrite(.create(DocumentDraft(title: "b", body: "", tags: [])), ifMatch: nil, idempotencyKey: "k2"),
        ])
        #expect(results.map { (try? $0.get())?.document?.id } == [4, 5])
        #expect(script.requests.map(\.path) == ["/batch", "/documents", "/documents"])
        #expect(script.requests.last?.headerFields[try #require(HTTPField.Name("Idempotency-Key"))] == "k2")
    }

    @Test func anImportIsOneTransactionOnTheDeviceAndBatchesToTheServer() async throws {
        let stack = try await Stack.make(pushBatchSize: 4)
        try await stack.documents.create((1...10).map { DocumentDraft(title: "imported \($0)", body: "", tags: []) })
        #expect(await stack.live.backend.requestCount("POST /batch") == 3)
        #expect(await stack.live.backend.requestCount("POST /documents") == 0)
        #expect(await stack.live.backend.documentSnapshot().count == 13)
        #expect(try await stack.documents.documents(policy: .cacheFirst).value.count == 13)
    }

    @Test func aBatchLeavesOutEveryDocumentOfTheBatchStillOnItsWay() throws {
        let folder = try ScratchFolder()
        let outbox = OutboxStore(database: try AppDatabase.open(at: folder.url.appendingPathComponent("db.sqlite")))
        let created = try (1...4).map {
            try outbox.recordCreate(DocumentDraft(title: "note \($0)", body: "", tags: []), now: Date())
        }
        try outbox.recordUpdate(
            created[0], changes: DocumentChanges(title: nil, body: "later", tags: nil), baseETag: nil, now: Date())
        let onItsWay = Set(created.prefix(2).map(\.id))
        let next = try outbox.nextBatch(limit: 10, excluding: onItsWay)
        // Neither the two creates on their way nor the first document's later edit.
        #expect(next.map(\.entry.documentId) == created.suffix(2).map(\.id))
        #expect(try outbox.nextBatch(limit: 10).count == 4)
    }

    /// A batch stops before the entry that would take it past its byte budget; the entries left
    /// out come first in the next batch, and an entry larger than the budget still goes alone.
    @Test func aBatchStopsAtItsByteBudgetAndTheRestWaitInOrder() throws {
        let folder = try ScratchFolder()
        let outbox = OutboxStore(database: try AppDatabase.open(at: folder.url.appendingPathComponent("db.sqlite")))
        let large = String(repeating: "x", count: 4_000)
        let created = try [200, 200, 4_000, 200].map { size in
            try outbox.recordCreate(
                DocumentDraft(title: "note", body: String(large.prefix(size)), tags: []), now: Date())
        }
        let budget = 2 * 400  // room for the two small creates with their keys, not for the large one
        let first = try outbox.nextBatch(limit: 10, maxBytes: budget)
        #expect(first.map(\.entry.documentId) == created.prefix(2).map(\.id))
        let second = try outbox.nextBatch(limit: 10, maxBytes: budget, excluding: Set(first.map(\.entry.documentId)))
        #expect(second.map(\.entry.documentId) == [created[2].id], "the large entry goes alone, first")
        #expect(try outbox.nextBatch(limit: 10, maxBytes: .max).count == 4)
    }

    /// The size a batch is budgeted by is close to what the change takes on the wire, and never
    /// less (a batch over 64 KiB makes FoundationNetworking busy-wait; ADR 0040).
    @Test func anEntrysSendSizeIsItsWireSizeOrABitMore() throws {
        let folder = try ScratchFolder()
        let database = try AppDatabase.open(at: folder.url.appendingPathComponent("db.sqlite"))
        let outbox = OutboxStore(database: database)
        let draft = DocumentDraft(title: "Groceries — “oat milk”", body: "eggs\nbread", tags: ["home", "list"])
        let created = try outbox.recordCreate(draft, now: Date())
        let server = try #require(Document.ID.server(1_234_567))
        var copy = created
        copy.title = "seen"
        try outbox.recordUpdate(
            copy, changes: DocumentChanges(title: nil, body: "more", tags: nil), baseETag: #"W/"d1234567-v12""#,
            now: Date())
        let records = try database.read { db in try OutboxRecord.order(OutboxRecord.Columns.seq).fetchAll(db) }
        let writes = [
            DocumentWrite(.create(draft), ifMatch: nil, idempotencyKey: records[0].idempotencyKey),
            DocumentWrite(
                .update(server, DocumentChanges(title: nil, body: "more", tags: nil)), ifMatch: records[1].baseETag,
                idempotencyKey: records[1].idempotencyKey),
            DocumentWrite(.delete(server), ifMatch: records[1].baseETag, idempotencyKey: records[1].idempotencyKey),
        ]
        let estimates = [records[0], records[1], records[1]].enumerated().map { index, record in
            var record = record
            if index == 2 { (record.operation, record.payload) = (OutboxEntry.Operation.delete.rawValue, nil) }
            return OutboxStore.sendSize(record)
        }
        for (write, estimate) in zip(writes, estimates) {
            let wire = try JSONCoding.encoder.encode(BatchChangeDTO(write)).count + 1  // and its comma
            #expect((wire...(wire + 40)).contains(estimate), "\(write.operation): \(wire) bytes, estimated \(estimate)")
        }
    }

    /// The push keeps to the byte budget: the same changes take more, smaller requests.
    @Test func thePushSendsNoBatchLargerThanItsByteBudget() async throws {
        let stack = try await Stack.make(pushBatchBytes: 300)  // two small creates (about 146 bytes each) a batch
        await stack.live.backend.stop()
        for index in 1...6 {
            _ = try await stack.documents.create(DocumentDraft(title: "small \(index)", body: "", tags: []))
        }
        try await stack.live.backend.start()
        let report = try await stack.sync.sync()
        #expect(report.pushed == 6)
        #expect(await stack.live.backend.requestCount("POST /batch") == 3)
    }

    /// A settled batch writes its documents to the cache together, each with its own answer's
    /// validator and freshness, and maps every local id to the server's.
    @Test func aSettledBatchCachesEachDocumentWithItsOwnValidator() async throws {
        let folder = try ScratchFolder()
        let database = try AppDatabase.open(at: folder.url.appendingPathComponent("db.sqlite"))
        let outbox = OutboxStore(database: database)
        let created = try (1...3).map {
            try outbox.recordCreate(DocumentDraft(title: "note \($0)", body: "", tags: []), now: Date())
        }
        let batch = try outbox.nextBatch(limit: 10)
        let serverIDs = try (0..<3).map { try #require(Document.ID.server(40 + $0)) }
        try outbox.completed(
            zip(batch, created).enumerated().map { index, pair in
                let local = pair.1
                let document = Document(
                    id: serverIDs[index], title: local.title, body: local.body, tags: local.tags,
                    createdAt: local.createdAt, updatedAt: local.updatedAt, version: 1, syncState: .synced)
                return OutboxStore.Completion(
                    pair.0, serverID: document.id, etag: "\"v\(index)\"", document: document, maxAge: Double(10 * index)
                )
            })
        let cache = RecordStore<DocumentRecord>(database: database)
        for index in 0..<3 {
            let cached = try #require(await cache.find(serverIDs[index]))
            #expect(cached.value.title == "note \(index + 1)")
            #expect(cached.metadata.etag == "\"v\(index)\"" && cached.metadata.maxAge == Double(10 * index))
        }
        #expect(try outbox.nextBatch(limit: 10).isEmpty && outbox.pendingDocuments().isEmpty)
    }

    @Test func theNextBatchLeavesWhileTheDeviceSettlesTheOneBefore() async throws {
        let live = try await LiveBackend.start()
        let folder = try ScratchFolder()
        let file = folder.url.appendingPathComponent("db.sqlite")
        let data = DataStack(
            database: try AppDatabase.open(at: file), api: live.client, monitor: live.monitor, now: { Date() })
        for index in 1...6 {
            _ = try data.outbox.recordCreate(DocumentDraft(title: "queued \(index)", body: "", tags: []), now: Date())
        }
        let writer = SettlingProbe(base: HTTPDocumentWriter(client: live.client), outbox: data.outbox, file: file)
        let engine = SyncEngine(
            outbox: data.outbox, writer: writer, documents: data.documents, lists: data.lists, monitor: live.monitor,
            now: { Date() }, batchSize: 3)
        let report = try await engine.push()
        #expect(report.pushed == 6)
        // The second batch was sent while the device's database was still locked for the first.
        #expect(writer.pendingAtEachSend == [6, 6])
        #expect(try data.outbox.counts().pending == 0)
        #expect(await live.backend.documentSnapshot().count == 9)
    }

    @Test func twoPushesAtOnceSendEachChangeOnce() async throws {
        let stack = try await Stack.make(pushBatchSize: 4)
        await stack.live.backend.stop()
        for index in 1...10 {
            _ = try await stack.documents.create(DocumentDraft(title: "offline \(index)", body: "", tags: []))
        }
        try await stack.live.backend.start()
        async let first = stack.sync.push()
        async let second = stack.sync.push()
        let reports = try await [first, second]
        #expect(reports.map(\.pushed).sorted() == [0, 10])
        #expect(await stack.live.backend.requestCount("POST /batch") == 3)
        #expect(await stack.live.backend.documentSnapshot().count == 13)
    }

    @Test func aPushWaitingForAnotherStopsAtOnceWhenCancelled() async throws {
        let stack = try await Stack.make(pushBatchSize: 4)
        await stack.live.backend.stop()
        for index in 1...4 {
            _ = try await stack.documents.create(DocumentDraft(title: "offline \(index)", body: "", tags: []))
        }
        try await stack.live.backend.start()
        await stack.live.backend.setLatency(milliseconds: 3_000)  // the running push's answer takes 3 s
        let running = Task { try await stack.sync.push() }
        while await stack.live.backend.requestCount("POST /batch") == 0 { await Task.yield() }
        let waiting = Task { try await stack.sync.push() }
        while await stack.sync.waitingPushCount == 0 { await Task.yield() }
        waiting.cancel()
        await #expect(throws: SyncError.cancelled) { try await waiting.value }
        // It stopped while the running push still waited for its answer (nothing settled yet).
        #expect(try stack.outbox.counts().pending == 4)
        #expect(try await running.value.pushed == 4)
        #expect(await stack.sync.waitingPushCount == 0)
    }

    private static func document(_ id: Int, _ title: String) -> String {
        #"{"id":\#(id),"title":"\#(title)","body":"","tags":[],"createdAt":"2026-01-01T09:00:00Z","updatedAt":"2026-01-01T09:00:00Z","version":1}"#
    }
}

/// Sends through the real writer; after the first batch's answer, locks the device's database
/// (as a long transaction would) until the next batch is sent, and notes how many changes were
/// still queued at each send.
private final class SettlingProbe: DocumentWriterProtocol {
    private let base: HTTPDocumentWriter
    private let outbox: OutboxStore
    private let file: URL
    private let state = Mutex<(sends: Int, pending: [Int], lock: DatabaseQueue?)>((0, [], nil))

    init(base: HTTPDocumentWriter, outbox: OutboxStore, file: URL) {
        self.base = base
        self.outbox = outbox
        self.file = file
    }

    var pendingAtEachSend: [Int] { state.withLock { $0.pending } }

    func apply(_ writes: [DocumentWrite]) async throws(RemoteError) -> [Result<DocumentWriteResult, RemoteError>] {
        let pending = (try? outbox.counts().pending) ?? -1
        let (number, lock) = state.withLock { state in
            state.sends += 1
            state.pending.append(pending)
            defer { state.lock = nil }
            return (state.sends, state.lock)
        }
        if let lock { try? lock.inDatabase { db in try db.execute(sql: "ROLLBACK") } }
        let results = try await base.apply(writes)
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true  // the transaction outlives the access that began it
        if number == 1, let lock = try? DatabaseQueue(path: file.path, configuration: configuration) {
            // Held until the next send, or 3 s (within the app's 5 s busy timeout) if none comes.
            try? lock.inDatabase { db in try db.execute(sql: "BEGIN IMMEDIATE") }
            state.withLock { $0.lock = lock }
            DispatchQueue.global().asyncAfter(deadline: .now() + 3) { [self] in
                let lock = self.state.withLock { state in
                    defer { state.lock = nil }
                    return state.lock
                }
                try? lock?.inDatabase { db in try db.execute(sql: "ROLLBACK") }
            }
        }
        return results
    }

    func create(_ draft: DocumentDraft, idempotencyKey: String?) async throws(RemoteError) -> (
        Document, RemoteValidators
    ) {
        try await base.create(draft, idempotencyKey: idempotencyKey)
    }

    func update(id: Document.ID, with changes: DocumentChanges, ifMatch: String?, idempotencyKey: String?)
        async throws(RemoteError) -> (Document, RemoteValidators)
    {
        try await base.update(id: id, with: changes, ifMatch: ifMatch, idempotencyKey: idempotencyKey)
    }

    func delete(id: Document.ID, ifMatch: String?, idempotencyKey: String?) async throws(RemoteError) {
        try await base.delete(id: id, ifMatch: ifMatch, idempotencyKey: idempotencyKey)
    }

    func fetch(id: Document.ID) async throws(RemoteError) -> (Document, RemoteValidators)? {
        try await base.fetch(id: id)
    }

    func changes(since: Int, limit: Int) async throws(RemoteError) -> RemoteChanges {
        try await base.changes(since: since, limit: limit)
    }
}
