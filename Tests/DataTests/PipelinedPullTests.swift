import Domain
import Foundation
import StrataData
import Synchronization
import TestSupport
import Testing

/// A writer that serves the change list from a script, page by page, and records what it was
/// asked for; writes are never made in these tests.
private final class ScriptedChangeList: DocumentWriterProtocol {
    /// What a request for the page after a version gets.
    enum Page: Sendable {
        case documents([Int], reaching: Int, more: Bool)
        case fails(RemoteError)
        /// Never answers (until the request is cancelled).
        case hangs
    }

    /// The `since` of every request in order, who waits for a `since` to be asked for, and the
    /// waits that were cancelled.
    private struct Asked {
        var requests: [Int] = []
        var waiting: [Int: [(id: UUID, continuation: CheckedContinuation<Void, Never>)]] = [:]
        var cancelled: Set<UUID> = []
    }

    private let pages: Mutex<[Int: Page]>
    private let asked = Mutex(Asked())
    private let log = Mutex<[String]>([])
    /// Whether a page with more after it names the next before its body comes, as a server's
    /// `Link` header does; its body then waits until the next is asked for (a pull that never
    /// asks hangs, so such tests have a time limit).
    private let namesNext: Bool

    init(_ pages: [Int: Page], namesNext: Bool = false) {
        self.pages = Mutex(pages)
        self.namesNext = namesNext
    }

    /// The `since` of every request, in order.
    var requests: [Int] { asked.withLock { $0.requests } }

    /// `ask V` when the page after V is asked for, `answer V` when its body is given, in order.
    var events: [String] { log.withLock { $0 } }

    /// Replaces what the page after `since` answers.
    func set(_ page: Page, after since: Int) { pages.withLock { $0[since] = page } }

    func changes(_ page: ChangeListPage, next: @Sendable (ChangeListPage) -> Void) async throws(RemoteError)
        -> RemoteChanges
    {
        guard case .after(let since, let limit) = page else { throw .invalidData("no links here") }
        guard namesNext, case .documents(_, let reaching, true) = pages.withLock({ $0[since] }) else {
            return try await changes(since: since, limit: limit)
        }
        record(since)
        next(.after(version: reaching, limit: limit))
        await waitUntilAsked(reaching)
        return try answer(since)
    }

    func changes(since: Int, limit: Int) async throws(RemoteError) -> RemoteChanges {
        record(since)
        return try await answerOrHang(since)
    }

    /// Notes a request for the page after `since`, and lets go whoever waited for it.
    private func record(_ since: Int) {
        log.withLock { $0.append("ask \(since)") }
        let waiting = asked.withLock { asked in
            asked.requests.append(since)
            return asked.waiting.removeValue(forKey: since) ?? []
        }
        for waiter in waiting { waiter.continuation.resume() }
    }

    /// Returns once the page after `since` has been asked for, or the waiting task is cancelled
    /// (a pull that never asks for it then ends at the test's time limit instead of hanging).
    private func waitUntilAsked(_ since: Int) async {
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = asked.withLock { asked in
                    if asked.requests.contains(since) || asked.cancelled.contains(id) { return true }
                    asked.waiting[since, default: []].append((id, continuation))
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            let waiter = asked.withLock { asked in
                asked.cancelled.insert(id)
                let index = asked.waiting[since]?.firstIndex { $0.id == id }
                return index.flatMap { asked.waiting[since]?.remove(at: $0).continuation }
            }
            waiter?.resume()
        }
    }

    private func answerOrHang(_ since: Int) async throws(RemoteError) -> RemoteChanges {
        if case .hangs = pages.withLock({ $0[since] }) {
            do {
                try await Task.sleep(for: .seconds(3_600))
            } catch {
                throw .cancelled
            }
            throw .cancelled
        }
        return try answer(since)
    }

    private func answer(_ since: Int) throws(RemoteError) -> RemoteChanges {
        log.withLock { $0.append("answer \(since)") }
        switch pages.withLock({ $0[since] }) {
        case .documents(let ids, let reaching, let more):
            return RemoteChanges(
                documents: ids.compactMap(Self.document), validators: [:], deleted: [], serverVersion: reaching,
                more: more)
        case .fails(let error): throw error
        case .hangs: throw .cancelled
        case nil: throw .invalidData("no page after \(since)")
        }
    }

    func create(_ draft: DocumentDraft, idempotencyKey: String?) async throws(RemoteError) -> (
        Document, RemoteValidators
    ) { throw .offline }

    func update(id: Document.ID, with changes: DocumentChanges, ifMatch: String?, idempotencyKey: String?)
        async throws(RemoteError) -> (Document, RemoteValidators)
    { throw .offline }

    func delete(id: Document.ID, ifMatch: String?, idempotencyKey: String?) async throws(RemoteError) {
        throw .offline
    }

    func fetch(id: Document.ID) async throws(RemoteError) -> (Document, RemoteValidators)? { throw .offline }

    private static func document(_ number: Int) -> Document? {
        Document.ID.server(number).map { id in
            Document(
                id: id, title: "pulled \(number)", body: "", tags: [], createdAt: Date(timeIntervalSince1970: 0),
                updatedAt: Date(timeIntervalSince1970: 0), version: 1, syncState: .synced)
        }
    }
}

/// The pull asks for the next page while it writes one: what it wrote must never depend on that.
@Suite("A pull a page ahead")
struct PipelinedPullTests {
    let folder: ScratchFolder
    let stack: DataStack

    init() throws {
        folder = try ScratchFolder()
        let api = APIClient(
            baseURL: URL(fileURLWithPath: "/"), http: ScriptedHTTPClient([]), security: .development, retry: .never,
            clock: ContinuousClock(), now: { Date() })
        stack = DataStack(
            database: try AppDatabase.open(at: folder.url.appendingPathComponent("pull.sqlite")), api: api,
            monitor: NetworkMonitor(), now: { Date() })
    }

    fileprivate func engine(_ writer: ScriptedChangeList) -> SyncEngine {
        SyncEngine(
            outbox: stack.outbox, writer: writer, documents: stack.documents, lists: stack.lists,
            monitor: NetworkMonitor(), now: { Date() }, pageSize: 2)
    }

    func stored(_ number: Int) async -> Bool {
        guard let id = Document.ID.server(number) else { return false }
        return (try? await stack.documents.read(id, policy: .localOnly)) != nil
    }

    @Test func aFailedPageKeepsThePagesWrittenBeforeItAndTheNextPullGoesOnFromThere() async throws {
        // Given three pages, the third of which fails
        let writer = ScriptedChangeList([
            0: .documents([1, 2], reaching: 2, more: true), 2: .documents([3, 4], reaching: 4, more: true),
            4: .fails(.offline),
        ])
        let engine = engine(writer)
        // When the pull runs
        await #expect(throws: SyncError.self) { try await engine.pull() }
        // Then the first two pages are stored with their version, each asked for once
        #expect(writer.requests == [0, 2, 4])
        for number in 1...4 { #expect(await stored(number)) }
        #expect(await engine.status().serverVersion == 4)
        // And when the server answers again, the pull goes on after version 4 only
        writer.set(.documents([5], reaching: 5, more: false), after: 4)
        let report = try await engine.pull()
        #expect(report.pulled == 1 && report.serverVersion == 5)
        #expect(writer.requests == [0, 2, 4, 4])
        #expect(await stored(5))
    }

    @Test func everyRowOfAPageIsStoredWithItsOwnValues() async throws {
        // Given a page whose documents differ in every column (rows after the first are bound
        // straight through SQLite's C API on the batch's statement)
        let documents = try (1...4).map { number in
            Document(
                id: try #require(Document.ID.server(number)), title: "title \(number)",
                body: String(repeating: "é", count: number), tags: Array(repeating: "t\(number)", count: number - 1),
                createdAt: Date(timeIntervalSince1970: Double(number) * 1_000),
                updatedAt: Date(timeIntervalSince1970: Double(number) * 2_000), version: number * 3, syncState: .synced)
        }
        // When the pull writes it
        _ = try stack.outbox.applyPull(
            documents: documents, validators: [documents[1].id: "\"v2\""], deleted: [], serverVersion: 4, now: Date())
        // Then each document reads back exactly as it came
        for document in documents {
            let read = try await stack.documents.read(document.id, policy: .localOnly)
            #expect(read.value == document)
        }
    }

    @Test func aServerWhoseVersionWentBackIsPulledFromTheStart() async throws {
        // Given a device at version 10 and a server that was reset (its versions start again)
        let writer = ScriptedChangeList([
            0: .documents([1, 2], reaching: 2, more: true), 2: .documents([3], reaching: 3, more: false),
            10: .documents([7, 8], reaching: 4, more: true),
        ])
        let engine = engine(writer)
        _ = try stack.outbox.applyPull(documents: [], deleted: [], serverVersion: 10, now: Date())
        // When the pull meets the lower version
        let report = try await engine.pull()
        // Then it starts over from 0 without writing that page or asking for the one after it
        #expect(report.serverVersion == 3 && report.pulled == 3)
        let seven = await stored(7)
        let eight = await stored(8)
        #expect(!seven && !eight)
        #expect(writer.requests == [10, 0, 2])
    }

    @Test(.timeLimit(.minutes(1))) func thePageAfterIsAskedForAsSoonAsItIsNamedBeforeThisPagesBodyComes() async throws {
        // Given a change list whose answers name the page after them before their bodies come
        let writer = ScriptedChangeList(
            [
                0: .documents([1, 2], reaching: 2, more: true), 2: .documents([3, 4], reaching: 4, more: true),
                4: .documents([5], reaching: 5, more: false),
            ], namesNext: true)
        // When the pull runs
        let report = try await engine(writer).pull()
        // Then each next page was asked for while the one before it was still on its way
        #expect(writer.events.prefix(4) == ["ask 0", "ask 2", "answer 0", "ask 4"])
        #expect(Set(writer.events.dropFirst(4)) == ["answer 2", "answer 4"])
        #expect(report.pulled == 5 && report.serverVersion == 5)
        for number in 1...5 { #expect(await stored(number)) }
    }

    @Test(.timeLimit(.minutes(1))) func aPageNamedByAnAnswerWhoseVersionWentBackIsDropped() async throws {
        // Given a device at version 10, and a reset server whose first answer names a page after it
        let writer = ScriptedChangeList(
            [
                10: .documents([7, 8], reaching: 4, more: true), 4: .documents([9], reaching: 5, more: false),
                0: .documents([1], reaching: 1, more: false),
            ], namesNext: true)
        let engine = engine(writer)
        _ = try stack.outbox.applyPull(documents: [], deleted: [], serverVersion: 10, now: Date())
        // When the pull meets the lower version
        let report = try await engine.pull()
        // Then it starts over from 0, and neither that page nor the one it named is written
        #expect(report.serverVersion == 1 && report.pulled == 1)
        for number in [7, 8, 9] { #expect(await stored(number) == false) }
        #expect(await stored(1))
    }

    @Test(.timeLimit(.minutes(1))) func cancellingThePullWhileAPageIsOnItsWayEndsItAtOnce() async throws {
        // Given a second page that never comes
        let writer = ScriptedChangeList([0: .documents([1, 2], reaching: 2, more: true), 2: .hangs])
        let engine = engine(writer)
        // When the pull is cancelled while it waits for it
        let pull = Task { try await engine.pull() }
        while writer.requests.count < 2 { await Task.yield() }
        pull.cancel()
        // Then it ends as cancelled, with the first page stored
        await #expect(throws: SyncError.cancelled) { try await pull.value }
        let one = await stored(1)
        let two = await stored(2)
        #expect(one && two)
    }
}
