import Domain
import Foundation
import TestSupport
import Testing

@testable import StrataData

/// A client never trusts an answer that does not fit its question: another item than the one
/// asked for, or a change list that goes back or does not move on, is refused and changes
/// nothing on the device.
@Suite("Answers that do not fit the question")
struct UnfitAnswerTests {
    static func document(_ id: Int, title: String = "Doc", version: Int = 1) -> String {
        #"{"id":\#(id),"title":"\#(title)","body":"b","tags":[],"createdAt":"2026-01-02T09:00:00Z","#
            + #""updatedAt":"2026-01-02T09:00:00Z","version":\#(version)}"#
    }

    struct Device {
        let http: ScriptedHTTPClient
        let api: APIClient
        let stack: DataStack
        let folder: ScratchFolder

        init(_ steps: [ScriptedHTTPClient.Step]) throws {
            http = ScriptedHTTPClient(steps)
            folder = try ScratchFolder()
            api = APIClient(
                baseURL: try #require(URL(string: "http://127.0.0.1:8080")), http: http, security: .development,
                retry: .never, clock: ContinuousClock(), now: { Date() })
            stack = DataStack(
                database: try AppDatabase.open(at: folder.url.appendingPathComponent("unfit.sqlite")), api: api,
                monitor: NetworkMonitor(), now: { Date() },
                configuration: .init(pullPageSize: 1))
        }
    }

    @Test func anItemAnsweredWithAnotherIsRefusedAndNotCached() async throws {
        // Given a server that answers GET /documents/1 with document 2
        let device = try Device([ScriptedHTTPClient.json(200, Self.document(2), headers: ["ETag": #""d2-v1""#])])
        // When the device reads document 1
        await #expect(throws: DocumentError.invalidData) {
            try await device.stack.documentRepository.document(id: 1, policy: .remoteOnly)
        }
        // Then neither document is kept under any id
        let two = try #require(Document.ID.server(2))
        let one = try #require(Document.ID.server(1))
        let documents = device.stack.documentRepository
        await #expect(throws: (any Error).self) { try await documents.document(id: two, policy: .localOnly) }
        await #expect(throws: (any Error).self) { try await documents.document(id: one, policy: .localOnly) }
    }

    @Test func aUserAnsweredWithAnotherIsRefused() async throws {
        let device = try Device([ScriptedHTTPClient.json(200, #"{"id":8,"name":"Eve","email":"e@x","bio":""}"#)])
        let one = try #require(User.ID(rawValue: 1))
        await #expect(throws: (any Error).self) {
            try await device.stack.userRepository.user(id: one, policy: .remoteOnly)
        }
    }

    @Test func aWriteAnsweredWithAnotherDocumentIsRefused() async throws {
        // Given document 3 on the device, changed offline, and a server whose batch answers the
        // change with document 4
        let device = try Device([
            ScriptedHTTPClient.json(
                200, #"{"results":[{"status":200,"etag":"\"d4-v2\"","body":\#(Self.document(4, version: 2))}]}"#)
        ])
        let three = try #require(Document.ID.server(3))
        let stored = FakeData.document(
            id: three.rawValue, title: "Doc", body: "b", createdAt: Date(), updatedAt: Date())
        try device.stack.database.write { db in
            try FeatureStore<DocumentResource>.writeRow(
                stored, id: three, metadata: CacheMetadata(fetchedAt: Date(), etag: #""d3-v1""#), db)
        }
        device.stack.monitor.record(.offline)
        _ = try await device.stack.documentRepository.update(
            id: three, with: FakeData.changes(body: "x"))
        // When the change is pushed
        await #expect(throws: SyncError.self) { try await device.stack.sync.push() }
        // Then the answer is refused: the change stays queued, saying why, and nothing of document
        // 4 is kept
        let queued = try await device.stack.sync.outbox()
        #expect(queued.map(\.state) == [.pending])
        #expect(queued.first?.lastError?.contains("documents/4") == true, "\(queued)")
        #expect(try await device.stack.documentRepository.document(id: three, policy: .localOnly).value.body == "x")
        let four = try #require(Document.ID.server(4))
        await #expect(throws: (any Error).self) {
            try await device.stack.documentRepository.document(id: four, policy: .localOnly)
        }
    }

    @Test func aChangeListThatDoesNotMoveOnStopsThePullAtOnce() async throws {
        // Given a server whose pages say more follow but never move past change 1
        let page = #"{"documents":[\#(Self.document(1))],"deleted":[],"serverVersion":1,"more":true}"#
        let device = try Device(Array(repeating: ScriptedHTTPClient.json(200, page), count: 20))
        // When the device pulls, then it stops after the page that did not move on, saying why
        await #expect(throws: SyncError.unfitAnswer("the documents change list did not move past change 1")) {
            try await device.stack.sync.pull()
        }
        #expect(device.http.requests.count <= 3)
    }

    @Test func anItemTheDeviceCannotReadIsSkippedAndThePullGoesOn() async throws {
        // Given a change list whose second document has a number for a title, and whose third
        // has an identifier no document can have
        let unreadable = #"{"id":2,"title":5,"body":"b","tags":[],"version":1}"#
        let page =
            #"{"documents":[\#(Self.document(1)),\#(unreadable),\#(Self.document(0)),\#(Self.document(4))],"#
            + #""deleted":[],"serverVersion":4,"more":false}"#
        let device = try Device([ScriptedHTTPClient.json(200, page)])
        // When the device pulls, then it keeps the two it can read and moves past the page
        let report = try await device.stack.sync.pull()
        #expect(report.pulled == 2 && report.serverVersion == 4)
        let one = try #require(Document.ID.server(1))
        let four = try #require(Document.ID.server(4))
        #expect(try await device.stack.documentRepository.document(id: one, policy: .localOnly).value.title == "Doc")
        #expect(try await device.stack.documentRepository.document(id: four, policy: .localOnly).value.title == "Doc")
        let two = try #require(Document.ID.server(2))
        await #expect(throws: (any Error).self) {
            try await device.stack.documentRepository.document(id: two, policy: .localOnly)
        }
    }

    /// An item a pull passed by, fetched once its changes went, that comes back as another item
    /// is not trusted and stops no sync: the device keeps its copy and forgets the item, as a
    /// change list's unreadable item is skipped.
    @Test func anItemLeftAloneAnsweredWithAnotherIsForgottenAndThePullGoesOn() async throws {
        let page = #"{"documents":[],"deleted":[],"serverVersion":0,"more":false}"#
        let device = try Device([ScriptedHTTPClient.json(200, Self.document(3)), ScriptedHTTPClient.json(200, page)])
        let database = device.stack.database
        try database.write { db in try SyncValueRecord.setLeftAlone([2], in: "documents", db) }
        let report = try await device.stack.sync.pull()
        #expect(report.pulled == 0 && device.http.requests.count == 2)
        #expect(try database.read { db in try SyncValueRecord.leftAlone(in: "documents", db) }.isEmpty)
        let two = try #require(Document.ID.server(2))
        await #expect(throws: (any Error).self) {
            try await device.stack.documentRepository.document(id: two, policy: .localOnly)
        }
    }

    /// A collection the server lacks is named, and a sign-in it wants is asked for.
    ///
    /// A server without a collection (an app ahead of its server) answers its change list 404:
    /// the pull names the collection and goes on, where every sync failed as "can't be reached".
    /// A server that wants a sign-in is asked for one, not called unreachable.
    @Test func aCollectionTheServerLacksIsNamedAndASignInIsAskedFor() async throws {
        let missing = try Device([ScriptedHTTPClient.json(404, #"{"error":"no such collection"}"#)])
        let report = try await missing.stack.sync.pull()
        #expect(report.notOnServer == ["documents"] && report.pulled == 0)
        // A later page answered 404 is no missing collection: the pull stops, to go on next time.
        let first = #"{"documents":[\#(Self.document(1))],"deleted":[],"serverVersion":1,"more":true}"#
        let broken = try Device([ScriptedHTTPClient.json(200, first), ScriptedHTTPClient.json(404, "{}")])
        await #expect(throws: SyncError.refused("not found (404)", pending: 0)) { try await broken.stack.sync.pull() }
        let signedOut = try Device([ScriptedHTTPClient.json(401, #"{"error":"sign in first"}"#)])
        await #expect(throws: SyncError.signInRequired(pending: 0)) { try await signedOut.stack.sync.pull() }
    }

    /// A pull the server refuses says so, and why.
    ///
    /// Every refusal of the change list's request (400, 403, 422, …) read "The server can't be
    /// reached; try again later", which sends the user to a connection that works. (A push's
    /// refused batch parks its changes, each with the reason: `outbox list` shows it.)
    @Test func aPullTheServerRefusesSaysSoAndWhy() async throws {
        let forbidden = try Device([ScriptedHTTPClient.json(403, #"{"error":"not yours"}"#)])
        await #expect(throws: SyncError.refused("forbidden (403)", pending: 0)) {
            try await forbidden.stack.sync.pull()
        }
        let unprocessable = try Device([ScriptedHTTPClient.json(422, #"{"error":"bad cursor"}"#)])
        let refusal = SyncError.refused("the server refused the content (422)", pending: 0)
        await #expect(throws: refusal) { try await unprocessable.stack.sync.pull() }
        #expect(refusal.localizedDescription == "The server refused the sync: the server refused the content (422)")
    }

    /// A batch whose answer cannot be read leaves its changes queued, and the sync says what
    /// happened: it read "The server can't be reached", though the server had answered.
    @Test func aBatchAnsweredUnreadablyStaysQueuedAndSaysSo() async throws {
        let device = try Device([ScriptedHTTPClient.json(200, #"{"results":[{"#)])
        try await device.stack.documentRepository.queue([FakeData.draft(title: "kept")])
        let failure = SyncError.invalidData(pending: 1)
        await #expect(throws: failure) { try await device.stack.sync.push() }
        #expect(failure.localizedDescription == "The server sent data the app can't read; 1 change stays queued")
        #expect(await device.stack.sync.status().pending == 1)
    }

    @Test func aChangeListThatGoesBackAfterARestartIsRefused() async throws {
        // Given a server whose version goes back (a reset: the pull starts over), then back again
        let pages = [
            #"{"documents":[\#(Self.document(1, title: "New", version: 3))],"deleted":[],"serverVersion":5,"more":false}"#,
            #"{"documents":[],"deleted":[],"serverVersion":2,"more":false}"#,
            #"{"documents":[],"deleted":[],"serverVersion":3,"more":true}"#,
            #"{"documents":[\#(Self.document(1, title: "Old"))],"deleted":[],"serverVersion":1,"more":false}"#,
        ]
        let device = try Device(pages.map { ScriptedHTTPClient.json(200, $0) })
        _ = try await device.stack.sync.pull()
        // When the next pull's pages go back twice
        await #expect(throws: SyncError.self) { try await device.stack.sync.pull() }
        // Then the older version never replaced the newer one
        let one = try #require(Document.ID.server(1))
        #expect(try await device.stack.documentRepository.document(id: one, policy: .localOnly).value.title == "New")
    }
}
