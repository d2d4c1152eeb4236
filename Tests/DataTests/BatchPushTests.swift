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
            _ = try await stack.documents.create(FakeData.draft(title: "offline \(index)"))
        }
        _ = try await stack.documents.update(id: -1, with: FakeData.changes(body: "edited twice"))
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
        _ = try await stack.documents.create(FakeData.draft(title: "fine"))
        _ = try await stack.documents.update(id: 2, with: FakeData.changes(body: "mine"))
        try await stack.live.backend.start()
        try await stack.live.backend.editElsewhere("documents", id: 2, fields: #"{"body":"theirs"}"#)
        let report = try await stack.sync.sync()
        #expect(report.pushed == 1 && report.conflicts == 1)
        #expect(await stack.live.backend.documentSnapshot().filter { $0.title == "fine" }.count == 1)
        #expect(try await stack.sync.outbox().map(\.state) == [.conflict])
    }

    @Test func aBatchWhoseAnswerIsLostIsResentAndAppliedOnce() async throws {
        let stack = try await Stack.make()
        await stack.live.backend.stop()
        for index in 1...5 {
            _ = try await stack.documents.create(FakeData.draft(title: "kept \(index)"))
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
        let folder = try ScratchFolder()
        let stack = DataStack(
            database: try AppDatabase.open(at: folder.url.appendingPathComponent("db.sqlite")), api: client,
            monitor: NetworkMonitor(), now: { Date() })
        try await stack.documentRepository.queue(["a", "b"].map { FakeData.draft(title: $0) })
        let keys = try Outbox(database: stack.database).entries().map(\.idempotencyKey)
        #expect(try await stack.sync.push().pushed == 2)
        #expect(try await stack.documentRepository.document(id: -2, policy: .localOnly).value.id == 5)
        #expect(script.requests.map(\.path) == ["/batch", "/documents", "/documents"])
        #expect(script.requests.last?.headerFields[try #require(HTTPField.Name("Idempotency-Key"))] == keys.last)
    }

    @Test func anImportIsOneTransactionOnTheDeviceAndBatchesToTheServer() async throws {
        let stack = try await Stack.make(pushBatchSize: 4)
        try await stack.documents.create((1...10).map { FakeData.draft(title: "imported \($0)") })
        #expect(await stack.live.backend.requestCount("POST /batch") == 3)
        #expect(await stack.live.backend.requestCount("POST /documents") == 0)
        #expect(await stack.live.backend.documentSnapshot().count == 13)
        #expect(try await stack.documents.documents(policy: .cacheFirst).value.count == 13)
    }

    @Test func aBatchLeavesOutEveryDocumentOfTheBatchStillOnItsWay() async throws {
        let offline = try Self.offlineStack()
        defer { withExtendedLifetime(offline) {} }
        let (stack, outbox) = (offline.stack, offline.outbox)
        try await stack.documentRepository.queue((1...4).map { FakeData.draft(title: "note \($0)") })
        _ = try await stack.documentRepository.update(
            id: -1, with: FakeData.changes(body: "later"))
        let onItsWay = Set([-1, -2].map { Outbox.Item(collection: "documents", id: $0) })
        let next = try outbox.nextBatch(limit: 10, maxBytes: .max, busy: onItsWay, collections: ["documents"])
        // Neither the two creates on their way nor the first document's later edit.
        #expect(next.map(\.itemId) == [-3, -4])
        #expect(try outbox.nextBatch(limit: 10, maxBytes: .max, busy: [], collections: ["documents"]).count == 4)
        #expect(try outbox.nextBatch(limit: 10, maxBytes: .max, busy: [], collections: ["bookmarks"]).isEmpty)
    }

    /// A batch stops before the entry that would take it past its byte budget; the entries left
    /// out come first in the next batch, and an entry larger than the budget still goes alone.
    @Test func aBatchStopsAtItsByteBudgetAndTheRestWaitInOrder() async throws {
        let offline = try Self.offlineStack()
        defer { withExtendedLifetime(offline) {} }
        let (stack, outbox) = (offline.stack, offline.outbox)
        let large = String(repeating: "x", count: 4_000)
        try await stack.documentRepository.queue(
            [200, 200, 4_000, 200].map { FakeData.draft(title: "note", body: String(large.prefix($0))) })
        let budget = 2 * 400  // room for the two small creates with their keys, not for the large one
        let first = try outbox.nextBatch(limit: 10, maxBytes: budget, busy: [], collections: ["documents"])
        #expect(first.map(\.itemId) == [-1, -2])
        let second = try outbox.nextBatch(
            limit: 10, maxBytes: budget, busy: Set(first.map(\.item)), collections: ["documents"])
        #expect(second.map(\.itemId) == [-3], "the large entry goes alone, first")
        #expect(try outbox.nextBatch(limit: 10, maxBytes: .max, busy: [], collections: ["documents"]).count == 4)
    }

    /// The size a batch is budgeted by is close to what the change takes on the wire, and never
    /// less (ADR 0040).
    @Test func anEntrysSendSizeIsItsWireSizeOrABitMore() async throws {
        let offline = try Self.offlineStack()
        defer { withExtendedLifetime(offline) {} }
        let (stack, outbox) = (offline.stack, offline.outbox)
        let draft = FakeData.draft(title: "Groceries — “oat milk”", body: "eggs\nbread", tags: ["home", "list"])
        try await stack.documentRepository.queue([draft])
        var entries = try outbox.entries()
        var update = entries[0]
        (update.operation, update.itemId, update.baseETag) = (.update, 1_234_567, #"W/"d1234567-v12""#)
        var delete = update
        (delete.operation, delete.body) = (.delete, nil)
        entries += [update, delete]
        for entry in entries {
            let path = entry.operation == .create ? "/documents" : "/documents/\(entry.itemId)"
            let method = ["create": "POST", "update": "PUT", "delete": "DELETE"][entry.operation.rawValue] ?? ""
            let body = try entry.body.map { try JSONCoding.decoder.decode(DocumentDTO.self, from: $0) }
            let change = BatchChangeDTO(
                method: method, path: path, idempotencyKey: entry.idempotencyKey, ifMatch: entry.baseETag, body: body)
            let wire = try JSONCoding.encoder.encode(change).count + 1  // and its comma
            let estimate = entry.sendSize
            #expect((wire...(wire + 40)).contains(estimate), "\(entry.operation): \(wire) bytes, estimated \(estimate)")
        }
    }

    /// The default batch is as large as the server takes (Docs/openapi.yaml: 1,000 changes), and no
    /// larger: 1,000 creates go in one batch, 1,001 in two. (A larger batch is refused with 413,
    /// and its changes then go one by one; a smaller one makes more batches.)
    @Test func theDefaultBatchIsTheLargestTheServerTakes() async throws {
        let stack = try await Stack.make()
        try await stack.documents.create((1...1_000).map { FakeData.draft(title: "first \($0)") })
        #expect(await stack.live.backend.requestCount("POST /batch") == 1)
        try await stack.documents.create((1...1_001).map { FakeData.draft(title: "second \($0)") })
        #expect(await stack.live.backend.requestCount("POST /batch") == 3)
        #expect(await stack.live.backend.documentSnapshot().count == 3 + 2_001)
        #expect(try stack.outbox.entries().isEmpty)
    }

    /// The push keeps to the byte budget: the same changes take more, smaller requests.
    @Test func thePushSendsNoBatchLargerThanItsByteBudget() async throws {
        // A budget two of these creates fit and three do not, whatever a document's fields add up to.
        let offline = try Self.offlineStack()
        try await offline.stack.documentRepository.queue([FakeData.draft(title: "small 1")])
        let size = try #require(try offline.outbox.entries().first).sendSize
        let stack = try await Stack.make(pushBatchBytes: 2 * size + size / 2)
        await stack.live.backend.stop()
        for index in 1...6 {
            _ = try await stack.documents.create(FakeData.draft(title: "small \(index)"))
        }
        try await stack.live.backend.start()
        let report = try await stack.sync.sync()
        #expect(report.pushed == 6)
        #expect(await stack.live.backend.requestCount("POST /batch") == 3)
    }

    /// A settled batch writes its documents to the cache together, each with its own answer's
    /// validator, and maps every local id to the server's.
    @Test func aSettledBatchCachesEachDocumentWithItsOwnValidator() async throws {
        let stack = try await Stack.make()
        await stack.live.backend.stop()
        for index in 1...3 {
            _ = try await stack.documents.create(FakeData.draft(title: "note \(index)"))
        }
        try await stack.live.backend.start()
        #expect(try await stack.sync.push().pushed == 3)
        let cache = RecordStore<DocumentRecord>(database: stack.database)
        for index in 1...3 {
            let id = try #require(Document.ID.server(3 + index))
            let cached = try #require(await cache.find(id))
            #expect(cached.value.title == "note \(index)")
            #expect(cached.metadata.etag == "\"d\(3 + index)-v1\"")
            #expect(
                try await stack.documents.document(id: try #require(Document.ID(rawValue: -index)), policy: .localOnly)
                    .value.id == id)
        }
        #expect(try stack.outbox.entries().isEmpty)
    }

    @Test func theNextBatchLeavesWhileTheDeviceSettlesTheOneBefore() async throws {
        let live = try await LiveBackend.start()
        let folder = try ScratchFolder()
        let file = folder.url.appendingPathComponent("db.sqlite")
        let database = try AppDatabase.open(at: file)
        let probe = SettlingProbe(base: NIOHTTPClient(timeout: 10), outbox: Outbox(database: database), file: file)
        let api = APIClient(
            baseURL: live.client.baseURL, http: probe, security: .development, retry: .never, clock: ContinuousClock(),
            now: { Date() }, monitor: live.monitor)
        let data = DataStack(
            database: database, api: api, monitor: live.monitor, now: { Date() },
            configuration: .init(pushBatchSize: 3))
        try await data.documentRepository.queue(
            (1...6).map { FakeData.draft(title: "queued \($0)") })
        // (The first batch's settling holds a shared thread while it waits for the lock.)
        let report = try await TestSlots.heldThreads.run { try await data.sync.push() }
        #expect(report.pushed == 6)
        // The second batch was sent while the device's database was still locked for the first.
        #expect(probe.pendingAtEachSend == [6, 6])
        #expect(try Outbox(database: database).pendingRows() == 0)
        #expect(await live.backend.documentSnapshot().count == 9)
    }

    @Test func twoPushesAtOnceSendEachChangeOnce() async throws {
        let stack = try await Stack.make(pushBatchSize: 4)
        await stack.live.backend.stop()
        for index in 1...10 {
            _ = try await stack.documents.create(FakeData.draft(title: "offline \(index)"))
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
            _ = try await stack.documents.create(FakeData.draft(title: "offline \(index)"))
        }
        try await stack.live.backend.start()
        await stack.live.backend.setLatency(milliseconds: 3_000)  // the running push's answer takes 3 s
        let running = Task { try await stack.sync.push() }
        try #require(await eventually { await stack.live.backend.requestCount("POST /batch") > 0 })
        let waiting = Task { try await stack.sync.push() }
        try #require(await eventually { await stack.sync.waitingPushCount > 0 })
        waiting.cancel()
        await #expect(throws: SyncError.cancelled) { try await waiting.value }
        // It stopped while the running push still waited for its answer (nothing settled yet).
        #expect(try stack.outbox.pendingRows() == 4)
        #expect(try await running.value.pushed == 4)
        #expect(await stack.sync.waitingPushCount == 0)
    }

    /// A stack whose server is never reached, its outbox and its folder.
    private struct Offline {
        let stack: DataStack
        let outbox: Outbox
        let folder: ScratchFolder
    }

    private static func offlineStack() throws -> Offline {
        let folder = try ScratchFolder()
        let database = try AppDatabase.open(at: folder.url.appendingPathComponent("db.sqlite"))
        let api = APIClient(
            baseURL: try #require(URL(string: "http://127.0.0.1:9")), http: ScriptedHTTPClient([]),
            security: .development, retry: .never, clock: ContinuousClock(), now: { Date() })
        let monitor = NetworkMonitor()
        monitor.record(.offline)
        return Offline(
            stack: DataStack(database: database, api: api, monitor: monitor, now: { Date() }),
            outbox: Outbox(database: database), folder: folder)
    }

    private static func document(_ id: Int, _ title: String) -> String {
        #"{"id":\#(id),"title":"\#(title)","body":"","tags":[],"createdAt":"2026-01-01T09:00:00Z","updatedAt":"2026-01-01T09:00:00Z","version":1}"#
    }
}

/// Sends through the real client; after the first batch's answer, locks the device's database
/// (as a long transaction would) until the next batch is sent, and notes how many changes were
/// still queued at each batch sent.
private final class SettlingProbe: HTTPClientProtocol {
    private let base: NIOHTTPClient
    private let outbox: Outbox
    private let file: URL
    private let state = Mutex<(sends: Int, pending: [Int], lock: DatabaseQueue?)>((0, [], nil))

    init(base: NIOHTTPClient, outbox: Outbox, file: URL) {
        self.base = base
        self.outbox = outbox
        self.file = file
    }

    var pendingAtEachSend: [Int] { state.withLock { $0.pending } }

    func send(_ request: HTTPRequest, body: Foundation.Data?) async throws(TransportError) -> (
        HTTPResponse, Foundation.Data
    ) {
        guard request.path == "/batch" else { return try await base.send(request, body: body) }
        let pending = (try? outbox.pendingRows()) ?? -1
        let (number, lock) = state.withLock { state in
            state.sends += 1
            state.pending.append(pending)
            defer { state.lock = nil }
            return (state.sends, state.lock)
        }
        if let lock { try? lock.inDatabase { db in try db.execute(sql: "ROLLBACK") } }
        let answer = try await base.send(request, body: body)
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true  // the transaction outlives the access that began it
        if number == 1, let lock = try? DatabaseQueue(path: file.path, configuration: configuration) {
            // Held until the next send, or 3 s (within the app's 5 s busy timeout) if none comes.
            try? lock.inDatabase { db in try db.execute(sql: "BEGIN IMMEDIATE") }
            state.withLock { $0.lock = lock }
            Task { [self] in
                try? await Task.sleep(for: .seconds(3))
                let lock = self.state.withLock { state in
                    defer { state.lock = nil }
                    return state.lock
                }
                try? lock?.inDatabase { db in try db.execute(sql: "ROLLBACK") }
            }
        }
        return answer
    }

    func upload(_ request: HTTPRequest, fromFile file: URL) async throws(TransportError) -> (
        HTTPResponse, Foundation.Data
    ) {
        try await base.upload(request, fromFile: file)
    }

    func download(_ request: HTTPRequest) async throws(TransportError) -> (HTTPResponse, URL) {
        try await base.download(request)
    }
}

extension Outbox {
    /// How many rows of the outbox are pending, read from the table as it is.
    func pendingRows() throws -> Int {
        try database.read { db in
            try Entry.filter(Entry.Columns.state == OutboxEntry.State.pending.rawValue).fetchCount(db)
        }
    }
}
