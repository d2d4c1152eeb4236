import Domain
import Foundation
import GRDB
import HTTPTypes
import Synchronization
import TestSupport
import Testing

@testable import StrataData

/// A server that serves the documents' change list from a script, page by page, and records what
/// it was asked for; writes are never made in these tests.
private final class ScriptedChangeList: HTTPClientProtocol {
    /// What a request for the page after a version gets.
    enum Page: Sendable {
        case documents([Document], reaching: Int, more: Bool)
        case fails
        /// Never answers (until the request is cancelled).
        case hangs
        /// Answers as the page does once the stream finishes.
        indirect case held(AsyncStream<Void>, Page)
    }

    private let pages: Mutex<[Int: Page]>
    private let log = Mutex<[String]>([])
    private let asked = Mutex<[Int]>([])
    /// Whether a page with more after it names the next in a `Link` header, as the demo server does.
    private let namesNext: Bool
    /// Called with the `since` of each request as it arrives, before it is answered.
    private let onAsk: @Sendable (Int) -> Void
    /// Called with each answer's `since` as it is handed back.
    private let onAnswer: @Sendable (Int) -> Void

    init(
        _ pages: [Int: Page], namesNext: Bool = false, onAsk: @escaping @Sendable (Int) -> Void = { _ in },
        onAnswer: @escaping @Sendable (Int) -> Void = { _ in }
    ) {
        self.pages = Mutex(pages)
        self.namesNext = namesNext
        self.onAsk = onAsk
        self.onAnswer = onAnswer
    }

    /// The `since` of every request, in order.
    var requests: [Int] { asked.withLock { $0 } }

    /// Replaces what the page after `since` answers.
    func set(_ page: Page, after since: Int) { pages.withLock { $0[since] = page } }

    func send(_ request: HTTPRequest, body: Foundation.Data?) async throws(TransportError) -> (
        HTTPResponse, Foundation.Data
    ) {
        let query = URLComponents(string: request.path ?? "")?.queryItems ?? []
        guard let since = query.first(where: { $0.name == "since" })?.value.flatMap(Int.init) else {
            throw .other("not a change list: \(request.path ?? "")")
        }
        asked.withLock { $0.append(since) }
        onAsk(since)
        var page = pages.withLock { $0[since] }
        if case .held(let gate, let held) = page {
            for await _ in gate {}
            page = held
        }
        switch page {
        case .held:
            throw .other("a held page holds another")
        case .documents(let documents, let reaching, let more):
            var fields: HTTPFields = [.contentType: "application/json"]
            if namesNext, more, let link = HTTPField.Name("Link") {
                fields[link] = "</documents?since=\(reaching)&full=1&limit=2>; rel=\"next\""
            }
            let items = documents.map(Self.json).joined(separator: ",")
            let page =
                #"{"items":[],"documents":[\#(items)],"deleted":[],"serverVersion":\#(reaching),"more":\#(more)}"#
            onAnswer(since)
            return (HTTPResponse(status: .ok, headerFields: fields), Foundation.Data(page.utf8))
        case .fails, nil:
            throw .cannotConnect
        case .hangs:
            try? await Task.sleep(for: .seconds(3_600))
            throw .cancelled
        }
    }

    func upload(_ request: HTTPRequest, fromFile file: URL) async throws(TransportError) -> (
        HTTPResponse, Foundation.Data
    ) { throw .cannotConnect }

    func download(_ request: HTTPRequest) async throws(TransportError) -> (HTTPResponse, URL) { throw .cannotConnect }

    /// Documents numbered `numbers`, as a pull brings them.
    static func pulled(_ numbers: [Int]) -> [Document] {
        numbers.compactMap { number in
            Document.ID.server(number).map { id in
                FakeData.document(
                    id: id.rawValue, title: "pulled \(number)", body: "", createdAt: Date(timeIntervalSince1970: 0),
                    updatedAt: Date(timeIntervalSince1970: 0))
            }
        }
    }

    /// A document in the change list's form, with its validator.
    private static func json(_ document: Document) -> String {
        var wire = DocumentResource.wire(for: document)
        (wire.id, wire.createdAt, wire.updatedAt, wire.version) = (
            document.id.rawValue, document.createdAt, document.updatedAt, document.version
        )
        let text = (try? JSONCoding.encoder.encode(wire)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return String(text.dropLast()) + #","etag":"\"d\#(document.id)-v\#(document.version)\""}"#
    }
}

/// The pull asks for the next page while it writes one: what it wrote must never depend on that.
@Suite("A pull a page ahead")
struct PipelinedPullTests {
    let folder: ScratchFolder
    let file: URL

    init() throws {
        folder = try ScratchFolder()
        file = folder.url.appendingPathComponent("pull.sqlite")
    }

    /// The data stack over the scripted server, pulling pages of 2.
    fileprivate func stack(_ server: ScriptedChangeList, at version: Int? = nil) throws -> DataStack {
        // A write may wait a minute for another connection's: the probe below holds the database
        // for as long as a loaded machine takes to ask for the next page.
        let api = APIClient(
            baseURL: try #require(URL(string: "http://127.0.0.1:9")), http: server, security: .development,
            retry: .never, clock: ContinuousClock(), now: { Date() })
        let database = try AppDatabase.open(at: file, snapshotMilliseconds: 10, busySeconds: 60)
        if let version {
            try database.write { db in try SyncValueRecord.set("pull:documents", String(version), db) }
        }
        return DataStack(
            database: database, api: api, monitor: NetworkMonitor(), now: { Date() },
            configuration: .init(pullPageSize: 2))
    }

    func stored(_ number: Int, in stack: DataStack) async -> Bool {
        guard let id = Document.ID.server(number) else { return false }
        return (try? await stack.documentRepository.document(id: id, policy: .localOnly)) != nil
    }

    @Test func aFailedPageKeepsThePagesWrittenBeforeItAndTheNextPullGoesOnFromThere() async throws {
        // Given three pages, the third of which fails
        let server = ScriptedChangeList([
            0: .documents(ScriptedChangeList.pulled([1, 2]), reaching: 2, more: true),
            2: .documents(ScriptedChangeList.pulled([3, 4]), reaching: 4, more: true), 4: .fails,
        ])
        let stack = try stack(server)
        // When the pull runs
        await #expect(throws: SyncError.self) { try await stack.sync.pull() }
        // Then the first two pages are stored with their version, each asked for once
        #expect(server.requests == [0, 2, 4])
        for number in 1...4 { #expect(await stored(number, in: stack)) }
        #expect(await stack.sync.status().serverVersion == 4)
        // And when the server answers again, the pull goes on after version 4 only
        server.set(.documents(ScriptedChangeList.pulled([5]), reaching: 5, more: false), after: 4)
        let report = try await stack.sync.pull()
        #expect(report.pulled == 1 && report.serverVersion == 5)
        #expect(server.requests == [0, 2, 4, 4])
        #expect(await stored(5, in: stack))
    }

    @Test func everyRowOfAPageIsStoredWithItsOwnValues() async throws {
        // Given a page whose documents differ from the one before in every column (rows after
        // the first are bound straight through SQLite's C API on the batch's statement): every
        // editable field alternates between the complete document's value and the empty draft's
        let documents = try (1...4).map { number in
            Document(
                id: try #require(Document.ID.server(number)),
                content: number.isMultiple(of: 2) ? .empty : FakeData.completeDocument.content,
                createdAt: Date(timeIntervalSince1970: Double(number) * 1_000),
                updatedAt: Date(timeIntervalSince1970: Double(number) * 2_000), version: number * 3, syncState: .synced)
        }
        let stack = try stack(ScriptedChangeList([0: .documents(documents, reaching: 4, more: false)]))
        // When the pull writes it
        _ = try await stack.sync.pull()
        // Then each document reads back exactly as it came, with the validator it came with
        let cache = RecordStore<DocumentRecord>(database: stack.database)
        for document in documents {
            let read = try #require(try await cache.find(document.id))
            #expect(read.value == document)
            #expect(read.metadata.etag == "\"d\(document.id)-v\(document.version)\"")
        }
    }

    @Test func aServerWhoseVersionWentBackIsPulledFromTheStart() async throws {
        // Given a device at version 10 and a server that was reset (its versions start again)
        let server = ScriptedChangeList([
            0: .documents(ScriptedChangeList.pulled([1, 2]), reaching: 2, more: true),
            2: .documents(ScriptedChangeList.pulled([3]), reaching: 3, more: false),
            10: .documents(ScriptedChangeList.pulled([7, 8]), reaching: 4, more: true),
        ])
        let stack = try stack(server, at: 10)
        // When the pull meets the lower version
        let report = try await stack.sync.pull()
        // Then it starts over from 0 without writing that page or asking for the one after it
        #expect(report.serverVersion == 3 && report.pulled == 3)
        let seven = await stored(7, in: stack)
        let eight = await stored(8, in: stack)
        #expect(!seven && !eight)
        #expect(server.requests == [10, 0, 2])
    }

    @Test(.timeLimit(.minutes(1))) func thePageAfterIsAskedForAsSoonAsItIsNamedBeforeThisPageIsWritten() async throws {
        // Given a change list whose answers name the page after them, and a device whose database
        // another connection locks from the first answer until the second page is asked for
        let probe = WriteLockProbe(file: file)
        let server = ScriptedChangeList(
            [
                0: .documents(ScriptedChangeList.pulled([1, 2]), reaching: 2, more: true),
                2: .documents(ScriptedChangeList.pulled([3, 4]), reaching: 4, more: true),
                4: .documents(ScriptedChangeList.pulled([5]), reaching: 5, more: false),
            ], namesNext: true, onAsk: { probe.asked($0) }, onAnswer: { probe.answered($0) })
        let stack = try stack(server)
        // When the pull runs (its first page's write holds a shared thread while it waits)
        let report = try await TestSlots.heldThreads.run { try await stack.sync.pull() }
        // Then the second page was asked for while the first could not be written yet
        #expect(probe.storedWhenAsked == [2: false])
        #expect(server.requests.prefix(2) == [0, 2])
        #expect(report.pulled == 5 && report.serverVersion == 5)
        for number in 1...5 { #expect(await stored(number, in: stack)) }
    }

    @Test(.timeLimit(.minutes(1))) func aPageNamedByAnAnswerWhoseVersionWentBackIsDropped() async throws {
        // Given a device at version 10, and a reset server whose first answer names a page after it
        let server = ScriptedChangeList(
            [
                10: .documents(ScriptedChangeList.pulled([7, 8]), reaching: 4, more: true),
                4: .documents(ScriptedChangeList.pulled([9]), reaching: 5, more: false),
                0: .documents(ScriptedChangeList.pulled([1]), reaching: 1, more: false),
            ], namesNext: true)
        let stack = try stack(server, at: 10)
        // When the pull meets the lower version
        let report = try await stack.sync.pull()
        // Then it starts over from 0, and neither that page nor the one it named is written
        #expect(report.serverVersion == 1 && report.pulled == 1)
        for number in [7, 8, 9] { #expect(await stored(number, in: stack) == false) }
        #expect(await stored(1, in: stack))
    }

    /// `cache clear` while a pull is between pages (a live catch-up, or the app's extension) empties
    /// what the pull wrote so far and its change number.
    ///
    /// The pull wrote the next page and its change number anyway: the device then claimed every
    /// item up to it while it held only that page's, and its lists said "end of the list".
    @Test(.timeLimit(.minutes(1))) func aClearBetweenTwoPagesStartsThePullOver() async throws {
        // Given two pages, the second held back until the device's caches were cleared
        let (gate, opening) = AsyncStream.makeStream(of: Void.self)
        let firstPage = ScriptedChangeList.Page.documents(ScriptedChangeList.pulled([1, 2]), reaching: 2, more: true)
        let secondPage = ScriptedChangeList.Page.documents(ScriptedChangeList.pulled([3, 4]), reaching: 4, more: false)
        let server = ScriptedChangeList([0: firstPage, 2: .held(gate, secondPage)])
        let stack = try stack(server)
        let pull = Task { try await stack.sync.pull() }
        try #require(await eventually { await stack.sync.status().serverVersion == 2 })
        // When the caches are cleared before the second page comes
        try await stack.clearLocal()
        server.set(secondPage, after: 2)
        opening.finish()
        // Then the pull goes on from the cleared change number: every item is there again
        let report = try await pull.value
        #expect(report.serverVersion == 4)
        #expect(report.pulled == 4, "the documents the device holds from it, each once")
        #expect(server.requests == [0, 2, 0, 2])
        for number in 1...4 { #expect(await stored(number, in: stack), "document \(number)") }
    }

    /// Another pull of the home (the app's extension, or a catch-up of this process) went further
    /// while this one waited for a page: this one goes on from there, and the change number never
    /// goes back.
    @Test(.timeLimit(.minutes(1))) func aPullOvertakenByAnotherGoesOnFromWhereThatOneGot() async throws {
        // Given three pages, the second held back for the first pull, and a second device stack on
        // the same database
        let (gate, opening) = AsyncStream.makeStream(of: Void.self)
        let secondPage = ScriptedChangeList.Page.documents(ScriptedChangeList.pulled([3, 4]), reaching: 4, more: true)
        let server = ScriptedChangeList([
            0: .documents(ScriptedChangeList.pulled([1, 2]), reaching: 2, more: true), 2: .held(gate, secondPage),
            4: .documents(ScriptedChangeList.pulled([5]), reaching: 5, more: false),
            5: .documents([], reaching: 5, more: false),
        ])
        let stack = try stack(server)
        let pull = Task { try await stack.sync.pull() }
        try #require(await eventually { await stack.sync.status().serverVersion == 2 })
        // When the other pulls to the end before the held page comes
        server.set(secondPage, after: 2)
        let other = try self.stack(server)
        #expect(try await other.sync.pull().serverVersion == 5)
        opening.finish()
        // Then the first drops the page it held and asks for what follows change 5
        #expect(try await pull.value.serverVersion == 5)
        // (the page after the held one may have been asked for before the held one was dropped)
        #expect(server.requests.last == 5 && server.requests.filter { $0 == 0 }.count == 1, "\(server.requests)")
        for number in 1...5 { #expect(await stored(number, in: stack), "document \(number)") }
    }

    /// The first page a pull writes drops the server's cached lists, which its items make wrong.
    ///
    /// When that page was not written (the change number had moved), the next one drops them.
    @Test(.timeLimit(.minutes(1))) func thePageWrittenAfterAMoveStillDropsTheCachedLists() async throws {
        // Given a first page held back while the change number moves on without touching the
        // lists (a live event of changes the device holds moves it so), and a cached list
        let (gate, opening) = AsyncStream.makeStream(of: Void.self)
        let server = ScriptedChangeList([
            0: .held(gate, .documents(ScriptedChangeList.pulled([1, 2]), reaching: 2, more: true)),
            2: .documents(ScriptedChangeList.pulled([3, 4]), reaching: 4, more: false),
        ])
        let stack = try stack(server)
        let pull = Task { try await stack.sync.pull() }
        try #require(await eventually { !server.requests.isEmpty })
        try stack.database.write { db in
            try db.execute(sql: "INSERT INTO resource_list (key, payload) VALUES ('documents:all', '[]')")
            try SyncValueRecord.set("pull:documents", "2", db)
        }
        // When the held page comes and is dropped, and the pull goes on from change 2
        opening.finish()
        #expect(try await pull.value.serverVersion == 4)
        // Then the page it wrote dropped the list
        #expect(try stack.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM resource_list") } == 0)
    }

    @Test(.timeLimit(.minutes(1))) func cancellingThePullWhileAPageIsOnItsWayEndsItAtOnce() async throws {
        // Given a second page that never comes
        let server = ScriptedChangeList([
            0: .documents(ScriptedChangeList.pulled([1, 2]), reaching: 2, more: true), 2: .hangs,
        ])
        let stack = try stack(server)
        // When the pull is cancelled while it waits for it
        let pull = Task { try await stack.sync.pull() }
        try #require(await eventually { server.requests.count >= 2 })
        pull.cancel()
        // Then it ends as cancelled, with the first page stored
        await #expect(throws: SyncError.cancelled) { try await pull.value }
        let one = await stored(1, in: stack)
        let two = await stored(2, in: stack)
        #expect(one && two)
    }
}

/// Locks the database from the first page's answer until the second page is asked for (or 30 s
/// pass, well within the stack's busy timeout), and notes whether the first page was stored when
/// the second was asked for.
private final class WriteLockProbe: Sendable {
    private let file: URL
    private let state = Mutex<(lock: DatabaseQueue?, stored: [Int: Bool])>((nil, [:]))

    init(file: URL) {
        self.file = file
    }

    var storedWhenAsked: [Int: Bool] { state.withLock { $0.stored } }

    func answered(_ since: Int) {
        guard since == 0 else { return }
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true  // the transaction outlives the access that began it
        guard let lock = try? DatabaseQueue(path: file.path, configuration: configuration) else { return }
        try? lock.inDatabase { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        state.withLock { $0.lock = lock }
        Task { [self] in
            try? await Task.sleep(for: .seconds(30))
            release()
        }
    }

    func asked(_ since: Int) {
        guard since == 2 else { return }
        let stored =
            (try? DatabaseQueue(path: file.path).read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM document WHERE id = 1")
            }) ?? nil
        state.withLock { $0.stored[since] = (stored ?? 0) > 0 }
        release()
    }

    private func release() {
        let lock = state.withLock { state in
            defer { state.lock = nil }
            return state.lock
        }
        try? lock?.inDatabase { db in try db.execute(sql: "ROLLBACK") }
    }
}
