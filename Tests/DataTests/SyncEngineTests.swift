import DemoBackend
import Domain
import Foundation
import GRDB
import HTTPTypes
import TestSupport
import Testing

@testable import StrataData

/// The outbox and the sync engine over a real SQLite file and real HTTP to the demo server.
@Suite("Offline-first writes and sync")
struct SyncEngineTests {
    typealias Stack = DocumentRepositoryIntegrationTests.Stack

    /// Makes writes fail until the server is started again.
    func offline(_ stack: Stack) async {
        await stack.live.backend.stop()
    }

    /// This device and its sync's report, after it changed document 3 offline while another device
    /// changed it too.
    ///
    /// The document is read here first; `mine` changes it offline, `theirs` on the other device
    /// once the server is back, then this device syncs.
    func raced(
        mine change: (Stack) async throws -> Void, theirs otherChange: (Stack) async throws -> Void
    ) async throws -> (Stack, SyncReport) {
        let mine = try await Stack.make()
        let theirs = try await Stack.make(sharing: mine.live)
        _ = try await mine.documents.document(id: 3, policy: .cacheFirst)
        await offline(mine)
        try await change(mine)
        try await mine.live.backend.start()
        try await otherChange(theirs)
        return (mine, try await mine.sync.sync())
    }

    @Test func theDocumentAndItsOutboxEntryAreOneTransaction() async throws {
        let stack = try await Stack.make()
        // Given an outbox whose insert fails (the second half of the write)
        let pool = try stack.rawConnection()
        try await pool.write { db in
            try db.execute(
                sql: "CREATE TRIGGER refuse BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'disk full'); END")
        }
        // When a document is created, then the local version was rolled back with it
        await #expect(throws: DocumentError.storageFailure) {
            try await stack.documents.create(FakeData.draft(title: "lost?"))
        }
        let saved = try await pool.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM document WHERE title = 'lost?'")
        }
        #expect(saved == 0)
        #expect(try stack.outbox.entries().isEmpty)
    }

    @Test func aReplayedRequestIsNotAppliedTwice() async throws {
        let live = try await LiveBackend.start()
        func create(key: String) async throws -> DocumentDTO {
            var fields = HTTPFields()
            fields[try #require(HTTPField.Name("Idempotency-Key"))] = key
            let draft = DocumentResource.wire(for: FakeData.document(id: 1, title: "once", body: ""))
            return try await live.client.send(.post, "documents", body: draft, headers: fields, as: DocumentDTO.self).0
        }
        let first = try await create(key: "key-1")
        let replay = try await create(key: "key-1")
        #expect(first == replay)
        #expect(await live.backend.documentSnapshot().filter { $0.title == "once" }.count == 1)
        let other = try await create(key: "key-2")
        #expect(other.id != first.id)
    }

    @Test func changesMadeOfflineAreSentInOrderWhenTheServerIsBack() async throws {
        let stack = try await Stack.make()
        _ = try await stack.documents.document(id: 2, policy: .cacheFirst)
        await offline(stack)
        let created = try await stack.documents.create(FakeData.draft(title: "draft"))
        #expect(created.id == -1 && created.syncState == .pending)
        _ = try await stack.documents.update(id: -1, with: FakeData.changes(body: "first"))
        _ = try await stack.documents.update(id: -1, with: FakeData.changes(body: "second"))
        _ = try await stack.documents.update(id: 2, with: FakeData.changes(body: "offline"))
        #expect(await stack.sync.status().pending == 4 && stack.live.monitor.status == .offline)
        try await stack.live.backend.start()
        let report = try await stack.sync.sync()
        #expect(report.pushed == 4)
        let server = await stack.live.backend.documentSnapshot()
        #expect(
            server.first { $0.id == 4 }.map { [$0.title, $0.body, String($0.version)] } == ["draft", "second", "3"])
        #expect(server.first { $0.id == 2 }?.body == "offline")
        #expect(try await stack.documents.document(id: -1, policy: .cacheFirst).value.id == 4)
        #expect(await stack.sync.status().pending == 0)
    }

    @Test(arguments: [ConflictPolicy.serverWins, .clientWins, .lastWriterWins, .manual])
    func eachConflictPolicy(policy: ConflictPolicy) async throws {
        let mine = try await Stack.make()
        _ = await mine.sync.setConflictPolicy(policy, for: QueuedChange.documents)
        _ = try await mine.documents.document(id: 2, policy: .cacheFirst)
        await offline(mine)
        _ = try await mine.documents.update(id: 2, with: FakeData.changes(body: "mine"))
        try await mine.live.backend.start()
        // Their edit is not earlier than mine (timestamps compare in whole seconds; a tie goes to
        // the server), so last-writer-wins keeps theirs.
        try await mine.live.backend.editElsewhere("documents", id: 2, fields: #"{"body":"theirs"}"#)
        let report = try await mine.sync.sync()
        let server = await mine.live.backend.documentSnapshot().first { $0.id == 2 }?.body
        let conflicts = try await mine.sync.conflicts()
        switch policy {
        case .serverWins, .lastWriterWins:
            #expect(server == "theirs" && conflicts.isEmpty && report.resolved == 1)
            #expect(try await mine.documents.document(id: 2, policy: .cacheFirst).value.body == "theirs")
        case .clientWins:
            #expect(server == "mine" && conflicts.isEmpty && report.pushed == 1)
        case .manual:
            #expect(server == "theirs" && report.conflicts == 1)
            #expect(conflicts.map { $0.local?.value(of: "body") } == [.text("mine")])
            #expect(conflicts.map { $0.remote?.value(of: "body") } == [.text("theirs")])
            #expect(try await mine.documents.document(id: 2, policy: .cacheFirst).value.syncState == .conflict)
            // The editor reads it as any collection's item: by collection and identifier
            let found = try #require(try await mine.sync.conflict(collection: QueuedChange.documents, itemId: 2))
            #expect(found.entryId == conflicts.first?.entryId && found.local?.version == 1)
            #expect(found.remote?.version == 2 && found.remote?.fields.contains { $0.value == .text("theirs") } == true)
            #expect(try await mine.sync.conflict(collection: QueuedChange.documents, itemId: 1) == nil)
            #expect(try await mine.sync.conflict(collection: "expenses", itemId: 2) == nil)
        }
    }

    @Test(arguments: ["local", "remote", "merged"])
    func aManualConflictIsResolvedByTheUser(side: String) async throws {
        let mine = try await Stack.make()
        _ = try await mine.documents.document(id: 2, policy: .cacheFirst)
        await offline(mine)
        _ = try await mine.documents.update(id: 2, with: FakeData.changes(body: "mine"))
        try await mine.live.backend.start()
        try await mine.live.backend.editElsewhere("documents", id: 2, fields: #"{"body":"theirs"}"#)
        _ = try await mine.sync.sync()
        let entry = try #require(try await mine.sync.conflicts().first?.entryId)
        let resolution: ConflictResolution =
            side == "local" ? .local : side == "remote" ? .remote : .merged(body: "both")
        let kept = try #require(try await mine.sync.resolve(entryId: entry, keeping: resolution))
        let expected = side == "local" ? "mine" : side == "remote" ? "theirs" : "both"
        let document = try await mine.documents.document(id: #require(Document.ID(rawValue: kept)), policy: .cacheFirst)
            .value
        #expect(kept == 2 && document.body == expected && document.syncState == .synced)
        #expect(await mine.live.backend.documentSnapshot().first { $0.id == 2 }?.body == expected)
        let pending = await mine.sync.status().pending
        #expect(try await mine.sync.conflicts().isEmpty && pending == 0)
        await #expect(throws: SyncError.noSuchEntry(entry)) {
            _ = try await mine.sync.resolve(entryId: entry, keeping: .local)
        }
    }

    /// A conflict with a version that no longer reads is set aside, and the others stay listed.
    ///
    /// The server's version kept may be damaged, or kept before the item's wire form changed, or
    /// the copy on this device may no longer read: one such row made every conflict unreadable.
    /// Set aside with the reason, `outbox retry` keeps the server's version anew and `outbox
    /// discard` drops a damaged copy here.
    @Test(arguments: [
        ("the server's", #"UPDATE outbox SET remote = CAST('{"title": 5}' AS BLOB) WHERE item_id = 2"#),
        ("this device's", "UPDATE document SET version = 'seven' WHERE id = 2"),
    ])
    func aConflictWithAVersionThatNoLongerReadsIsSetAsideAndTheOthersStayListed(
        version: String, damage: String
    ) async throws {
        let mine = try await Stack.make()
        _ = try await mine.documents.document(id: 2, policy: .cacheFirst)
        _ = try await mine.documents.document(id: 3, policy: .cacheFirst)
        await offline(mine)
        _ = try await mine.documents.update(id: 2, with: FakeData.changes(body: "mine 2"))
        _ = try await mine.documents.update(id: 3, with: FakeData.changes(body: "mine 3"))
        try await mine.live.backend.start()
        try await mine.live.backend.editElsewhere("documents", id: 2, fields: #"{"body":"theirs"}"#)
        try await mine.live.backend.editElsewhere("documents", id: 3, fields: #"{"body":"theirs"}"#)
        #expect(try await mine.sync.sync().conflicts == 2)
        let damaged = try #require(try await mine.sync.outbox().first { $0.itemId == 2 }?.id)
        try await mine.rawConnection().write { db in try db.execute(sql: damage) }
        #expect(try await mine.sync.conflicts().map(\.itemId) == [3])
        let entry = try #require(try await mine.sync.outbox().first { $0.id == damaged })
        #expect(entry.state == .parked && entry.lastError?.contains("cannot be read") == true, "\(entry)")
        let status = await mine.sync.status()
        #expect(status.conflicts == 1 && status.parked == 1)
        #expect(entry.lastError?.hasPrefix(version) == true, "its reason names the version: \(entry)")
        guard version == "the server's" else {
            try await mine.sync.discard(entryId: damaged)
            #expect(try await mine.documents.document(id: 2, policy: .cacheFirst).value.body == "theirs")
            return
        }
        // Retrying sends the change again: the server still has another version, kept anew
        try await mine.sync.retry(entryId: damaged)
        #expect(try await mine.sync.conflicts().map(\.itemId).sorted() == [2, 3])
    }

    @Test func resolvingAnEntryThatIsNotInConflictChangesNothing() async throws {
        let stack = try await Stack.make()
        await offline(stack)
        _ = try await stack.documents.create(FakeData.draft(title: "waiting"))
        let entry = try #require(try await stack.sync.outbox().first?.id)
        await #expect(throws: SyncError.notInConflict(entry)) {
            _ = try await stack.sync.resolve(entryId: entry, keeping: .remote)
        }
        #expect(try await stack.sync.outbox().map(\.state) == [.pending])
    }

    @Test func aDeltaPullAppliesChangesAndDeletionsPageByPage() async throws {
        let mine = try await Stack.make()
        let theirs = try await Stack.make(sharing: mine.live)
        _ = try await mine.sync.pull()
        #expect(try await mine.documents.document(id: 3, policy: .localOnly).value.title == "Shopping list")
        _ = try await theirs.documents.update(
            id: 2, with: FakeData.changes(body: "changed elsewhere"))
        try await theirs.documents.delete(id: 3)
        _ = try await theirs.documents.create(FakeData.draft(title: "new elsewhere"))
        let report = try await mine.sync.pull()
        #expect(report.pulled == 2 && report.deleted == 1)
        #expect(try await mine.documents.document(id: 2, policy: .localOnly).value.body == "changed elsewhere")
        #expect(try await mine.documents.document(id: 4, policy: .localOnly).value.title == "new elsewhere")
        await #expect(throws: DocumentError.notCached) { try await mine.documents.document(id: 3, policy: .localOnly) }
        #expect(await mine.sync.status().serverVersion == report.serverVersion)
        #expect(try await mine.sync.pull() == SyncReport.withVersion(report.serverVersion))
    }

    /// The pull brings back this device's own changes with the rest; the report counts only what
    /// changed elsewhere (it said "5 pulled, 1 deleted" here, for changes this device had just sent).
    @Test func aSyncCountsAsPulledOnlyWhatChangedElsewhere() async throws {
        let mine = try await Stack.make()
        let theirs = try await Stack.make(sharing: mine.live)
        _ = try await mine.sync.pull()
        _ = try await mine.documents.create(FakeData.draft(title: "sent online"))
        await offline(mine)
        _ = try await mine.documents.create(FakeData.draft(title: "made offline"))
        _ = try await mine.documents.update(id: 2, with: FakeData.changes(body: "edited offline"))
        try await mine.documents.delete(id: 3)
        try await mine.live.backend.start()
        _ = try await theirs.documents.update(id: 1, with: FakeData.changes(body: "changed elsewhere"))
        let report = try await mine.sync.sync()
        #expect(report.pushed == 3)
        #expect(report.pulled == 1 && report.deleted == 0, "\(report)")
        #expect(try await mine.documents.document(id: 1, policy: .localOnly).value.body == "changed elsewhere")
        // Another device's delete and edit of what this one sent count as pulled
        try await theirs.documents.delete(id: 4)
        _ = try await theirs.documents.update(id: 2, with: FakeData.changes(body: "edited there"))
        let next = try await mine.sync.sync()
        #expect(next.pulled == 1 && next.deleted == 1, "\(next)")
    }

    /// Keeping this device's version or a merge of both creates the document again: a merge was
    /// sent as an edit of the deleted document, which the server refused, so the conflict came back
    /// after every resolve.
    @Test(arguments: ["local", "remote", "merged"])
    func anEditToADocumentDeletedOnTheServerIsAConflictWithTheDeletion(side: String) async throws {
        let (mine, report) = try await raced(
            mine: { _ = try await $0.documents.update(id: 3, with: FakeData.changes(body: "kept")) },
            theirs: { try await $0.documents.delete(id: 3) })
        // The edit waits for the user beside the deletion (documents' policy is manual)
        #expect(report.conflicts == 1 && report.parked == 0)
        let conflict = try #require(try await mine.sync.conflicts().first)
        #expect(conflict.collection == QueuedChange.documents && conflict.itemId == 3 && conflict.remote == nil)
        #expect(conflict.local?.value(of: "body") == .text("kept"))
        let resolution: ConflictResolution =
            side == "local" ? .local : side == "remote" ? .remote : .merged(body: "kept and merged")
        let kept = try await mine.sync.resolve(entryId: conflict.entryId, keeping: resolution)
        if side != "remote" {
            // This device's version comes back, under the identifier the server gives it
            let body = side == "local" ? "kept" : "kept and merged"
            let id = try #require(kept)
            let again = try await mine.documents.document(id: #require(Document.ID(rawValue: id)), policy: .cacheFirst)
                .value
            #expect(again.body == body && id != 3 && again.syncState == .synced, "\(again)")
            #expect(await mine.live.backend.documentSnapshot().contains { $0.id == id && $0.body == body })
            #expect(try await mine.sync.conflicts().isEmpty)
        } else {
            // The deletion stands here too
            #expect(kept == nil)
            await #expect(throws: DocumentError.notCached) {
                try await mine.documents.document(id: 3, policy: .localOnly)
            }
        }
        #expect(try await mine.sync.outbox().isEmpty)
    }

    /// A deletion made here of a document another device changed waits for the user, as every
    /// feature's does: `conflicts()` lists it (it skipped a conflict with no local version, so the
    /// user saw none while the outbox held one), and keeping either side settles it.
    @Test(arguments: ["local", "remote"])
    func aDeleteOfADocumentChangedOnTheServerIsAConflictTheUserSees(side: String) async throws {
        let (mine, report) = try await raced(
            mine: { try await $0.documents.delete(id: 3) },
            theirs: { _ = try await $0.documents.update(id: 3, with: FakeData.changes(body: "changed elsewhere")) })
        #expect(report.conflicts == 1 && report.parked == 0)
        let conflict = try #require(try await mine.sync.conflicts().first)
        #expect(conflict.collection == QueuedChange.documents && conflict.itemId == 3 && conflict.local == nil)
        #expect(conflict.remote?.value(of: "body") == .text("changed elsewhere"))
        // A deletion has nothing to merge, and the refusal changes nothing
        await #expect(throws: SyncError.invalidMerge("this device deletes the item; keep local or remote")) {
            _ = try await mine.sync.resolve(entryId: conflict.entryId, keeping: .merged(body: "both"))
        }
        #expect(try await mine.sync.conflicts() == [conflict])
        let kept = try await mine.sync.resolve(entryId: conflict.entryId, keeping: side == "local" ? .local : .remote)
        let onServer = await mine.live.backend.documentSnapshot().first { $0.id == 3 }
        if side == "local" {
            // The deletion goes over the change the user saw
            #expect(kept == nil && onServer == nil)
        } else {
            // The server's version comes back here
            #expect(kept == 3 && onServer?.body == "changed elsewhere")
            #expect(try await mine.documents.document(id: 3, policy: .localOnly).value.body == "changed elsewhere")
        }
        #expect(try await mine.sync.outbox().isEmpty)
    }

    @Test func aWriteAcceptedButAnsweredWithGarbageIsAppliedOnce() async throws {
        let stack = try await Stack.make()
        await stack.live.backend.injectMalformed()
        let kept = try await stack.documents.create(FakeData.draft(title: "exactly once"))
        #expect(kept.syncState == .pending)
        let report = try await stack.sync.sync()
        #expect(report.pushed == 1)
        #expect(await stack.live.backend.documentSnapshot().filter { $0.title == "exactly once" }.count == 1)
    }

    @Test func retryingAPendingEntryResendsItUnderTheSameKey() async throws {
        let stack = try await Stack.make()
        await stack.live.backend.injectMalformed()  // applied on the server, answer lost
        _ = try await stack.documents.create(FakeData.draft(title: "retried"))
        let entry = try #require(try await stack.sync.outbox().first)
        #expect(entry.state == .pending)
        try await stack.sync.retry(entryId: entry.id)
        #expect(try await stack.sync.outbox().isEmpty)
        #expect(await stack.live.backend.documentSnapshot().filter { $0.title == "retried" }.count == 1)
    }

    @Test func aServerVersionThatGoesBackwardsStartsThePullOver() async throws {
        let stack = try await Stack.make()
        _ = try await stack.documents.create(FakeData.draft(title: "raises the version"))
        _ = try await stack.sync.pull()
        let before = await stack.sync.status().serverVersion
        try await stack.live.backend.reset()  // the server lost its history: its changes are numbered anew
        let report = try await stack.sync.pull()
        #expect(before > 3 && report.serverVersion == 3 && report.pulled == 3)
    }

    @Test func theNetworkStatusIsLearnedFromRealRequests() async throws {
        let stack = try await Stack.make()
        #expect(stack.live.monitor.status == .online)
        await offline(stack)
        await #expect(throws: DocumentError.unavailable) {
            try await stack.documents.document(id: 1, policy: .remoteOnly)
        }
        #expect(stack.live.monitor.status == .offline)
        try await stack.live.backend.start()
        await stack.live.backend.injectStatus(503)
        await #expect(throws: DocumentError.unavailable) {
            try await stack.documents.document(id: 1, policy: .remoteOnly)
        }
        #expect(stack.live.monitor.status == .degraded)
        _ = try await stack.documents.document(id: 1, policy: .remoteOnly)
        #expect(stack.live.monitor.status == .online)
    }

    @Test func aSendThatFailsKeepsTheCachedListAndShowsTheOfflineDocument() async throws {
        // Given a cached list, and a server that then goes away
        let stack = try await Stack.make()
        #expect(try await stack.documents.documents(policy: .cacheFirst).value.count == 3)
        await offline(stack)
        // When a document is created offline (its send fails)
        let created = try await stack.documents.create(FakeData.draft(title: "Offline note"))
        #expect(created.syncState == .pending)
        // Then the cached list is still there, with the new document in it
        let listed = try await stack.documents.documents(policy: .localOnly).value
        #expect(listed.map(\.title).sorted() == ["Layer rules", "Offline note", "Shopping list", "Welcome to Strata"])
        #expect(await stack.sync.status().pending == 1)
    }

    @Test func aChangeToAPulledDocumentIsSentAgainstThePulledVersion() async throws {
        // Given document 2 brought in by a pull, then changed on the server by someone else
        let stack = try await Stack.make()
        _ = await stack.sync.setConflictPolicy(.manual, for: QueuedChange.documents)
        _ = try await stack.sync.pull()
        try await stack.live.backend.editElsewhere("documents", id: 2, fields: #"{"body":"theirs"}"#)
        // When it is edited here from the pulled copy
        let saved = try await stack.documents.update(id: 2, with: FakeData.changes(body: "mine"))
        // Then the server refused to overwrite the newer version: a conflict, nothing lost
        #expect(saved.syncState == .conflict)
        #expect(await stack.live.backend.documentSnapshot().first { $0.id == 2 }?.body == "theirs")
    }

    @Test func theEngineAndItsOutboxAreReleased() async throws {
        weak var engine: SyncEngine?
        weak var store: FeatureStore<DocumentResource>?
        do {
            let stack = try await Stack.make()
            engine = stack.sync
            store = stack.documents.store
            _ = try await stack.sync.sync()
        }
        #expect(engine == nil && store == nil)
    }
}

extension SyncReport {
    /// A report of a pull that found nothing new.
    static func withVersion(_ version: Int) -> SyncReport {
        var report = SyncReport()
        report.serverVersion = version
        return report
    }
}
