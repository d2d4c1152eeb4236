import DemoBackend
import Domain
import Foundation
import GRDB
import HTTPTypes
import TestSupport
import Testing

@testable import StrataData

/// The generic store every generated feature stands on, against a real server over loopback:
/// offline-first writes that reach the server on sync, the server's identifiers taking over,
/// a concurrent edit settled by the feature's conflict policy, and the device's copy when offline.
@Suite("Feature store")
struct FeatureStoreTests {
    typealias ID = ItemID<TestBookmark>

    struct Fixture {
        let live: LiveBackend
        let stack: DataStack
        let store: FeatureStore<TestBookmarkResource>
        let folder: ScratchFolder

        static func make(pushBatchSize: Int = 500) async throws -> Fixture {
            let live = try await LiveBackend.start(collections: DemoSeed.collections + [testBookmarkCollection])
            let folder = try ScratchFolder()
            let database = try AppDatabase.open(at: folder.url.appendingPathComponent("app.sqlite"))
            try database.write { db in try db.execute(sql: TestBookmarkRecord.schema) }
            let stack = DataStack(
                database: database, api: live.client, monitor: live.monitor, now: { Date() },
                configuration: DataStack.Configuration(pushBatchSize: pushBatchSize))
            return Fixture(
                live: live, stack: stack, store: FeatureStore(stack: stack, api: live.client), folder: folder)
        }

        /// The stack and bookmarks store of another device on the same server (a database of its
        /// own); the stack is what keeps the store's engine alive.
        func otherDevice() async throws -> (stack: DataStack, store: FeatureStore<TestBookmarkResource>) {
            let database = try AppDatabase.open(at: folder.url.appendingPathComponent("other.sqlite"))
            try database.write { db in try db.execute(sql: TestBookmarkRecord.schema) }
            let stack = DataStack(database: database, api: live.client, monitor: live.monitor, now: { Date() })
            return (stack, FeatureStore(stack: stack, api: live.client))
        }

        /// Another device sets bookmark 1's note on the server, over whatever version it has.
        func noteElsewhere(_ note: String) async throws {
            var headers = HTTPFields()
            headers[.ifMatch] = "*"
            _ = try await live.client.send(
                .put, "testbookmarks/1", body: ["note": note], headers: headers, as: TestBookmarkDTO.self)
        }

        /// The server's copy of bookmark `number`, read by another client.
        func onServer(_ number: Int) async throws -> TestBookmarkDTO? {
            do {
                guard
                    case .modified(let dto, _) = try await live.client.get(
                        "testbookmarks/\(number)", as: TestBookmarkDTO.self)
                else { return nil }
                return dto
            } catch .notFound {
                return nil
            }
        }
    }

    static func draft(_ url: String, rating: Int = 3) -> @Sendable (ID, Date) -> TestBookmark {
        { id, moment in
            TestBookmark(
                id: id, url: url, note: nil, rating: rating, createdAt: moment, updatedAt: moment, version: 0,
                syncState: .pending)
        }
    }

    @Test func anItemCreatedOnlineTakesTheServersIdentifier() async throws {
        let fixture = try await Fixture.make()
        let created = try await fixture.store.create(Self.draft("https://swift.org"))
        #expect(created.id == ID.server(1))
        #expect(try await fixture.onServer(1)?.url == "https://swift.org")
        #expect(await fixture.stack.sync.status().pending == 0)
    }

    @Test func anItemSaysWhenItWasMadeAndLastChangedAsTheServerDoes() async throws {
        let fixture = try await Fixture.make()
        let created = try await fixture.store.create(Self.draft("https://swift.org"))
        let server = try #require(try await fixture.onServer(1))
        #expect(created.createdAt == server.createdAt && created.updatedAt == server.updatedAt)
        // A list (the server's summaries) keeps both
        let listed = try #require(try await fixture.store.list(policy: .remoteOnly).value.first)
        #expect(listed.createdAt == server.createdAt && listed.updatedAt == server.updatedAt)
        // An edit made offline carries this device's time until the server answers
        await fixture.live.backend.stop()
        var edited = created
        edited.note = "later"
        let saved = try await fixture.store.update(edited)
        #expect(saved.createdAt == created.createdAt && saved.updatedAt > created.updatedAt)
    }

    @Test func aMemoryWarningEmptiesTheFeaturesMemoryTierToo() async throws {
        let fixture = try await Fixture.make()
        let created = try await fixture.store.create(Self.draft("https://swift.org"))
        _ = try await fixture.store.item(created.id, policy: .remoteOnly)
        _ = try await fixture.store.item(created.id, policy: .cacheFirst)
        #expect(await fixture.stack.statistics().memoryEntries == 1)
        #expect(await fixture.stack.statistics().memoryHits == 1)
        // The tier counts the item's texts, not one byte an item.
        let url = "https://swift.org"
        #expect(await fixture.stack.statistics().memoryBytes == MemoryLayout<TestBookmark>.size + url.utf8.count)
        fixture.stack.evacuateMemory()
        #expect(await fixture.stack.statistics().memoryEntries == 0)
        // The next read looks in memory once, misses, and comes from disk
        let before = await fixture.stack.statistics()
        _ = try await fixture.store.item(created.id, policy: .cacheFirst)
        let after = await fixture.stack.statistics()
        #expect(after.memoryMisses - before.memoryMisses == 1 && after.diskHits - before.diskHits == 1, "\(after)")
    }

    @Test func enteringTheBackgroundEvacuatesOnlyTheCachesMarkedForIt() async throws {
        let fixture = try await Fixture.make()
        let created = try await fixture.store.create(Self.draft("https://swift.org"))
        _ = try await fixture.store.item(created.id, policy: .remoteOnly)
        _ = try await fixture.stack.documentRepository.document(
            id: try #require(Document.ID.server(1)), policy: .remoteOnly)
        let before = await fixture.stack.statistics()
        #expect(before.memoryEntries == 2)
        // Features are marked, documents are not (DataStack.Configuration.evacuatedInBackground)
        let freed = fixture.stack.evacuateForBackground()
        let after = await fixture.stack.statistics()
        #expect(freed == MemoryLayout<TestBookmark>.size + "https://swift.org".utf8.count)
        #expect(after.memoryEntries == 1 && after.memoryBytes == before.memoryBytes - freed)
        #expect(fixture.stack.evacuateMemory() == after.memoryBytes, "a memory warning empties the rest")
    }

    @Test func anItemCostsItsLayoutAndTheBytesOfItsTexts() throws {
        let id = try #require(ID.server(1))
        let bare = TestBookmark(
            id: id, url: "https://a.b", note: nil, rating: 1, createdAt: .distantPast, updatedAt: .distantPast,
            version: 1, syncState: .synced)
        var noted = bare
        noted.note = "read later, twice"
        let size = MemoryLayout<TestBookmark>.size
        #expect(TestBookmarkResource.cost(of: bare) == size + 11)
        #expect(TestBookmarkResource.cost(of: noted) == size + 11 + 17)
    }

    /// A document keeps its editable fields as one nested value: their texts count all the same.
    @Test func theTextsOfNestedFieldsCountToo() {
        let document = FakeData.document(id: 1, title: "Title", body: "Body é", tags: ["a", "bc"])
        let tags = 2 * MemoryLayout<String>.stride + 3
        #expect(DocumentResource.cost(of: document) == MemoryLayout<Document>.size + 5 + 7 + tags)
    }

    /// A text kept in a `RawRepresentable` wrapper counts; an enum's raw text, a literal, does not.
    @Test func theTextOfAWrapperCountsAndAnEnumsRawValueDoesNot() {
        struct Email: RawRepresentable { let rawValue: String }
        enum Kind: String { case personal }
        struct Contact {
            let email: Email
            let kind: Kind
        }
        let contact = Contact(email: Email(rawValue: "ada@example.org"), kind: .personal)
        #expect(DocumentResource.cost(of: contact) == MemoryLayout<Contact>.size + 15)
    }

    @Test func offlineCreatesAndEditsReachTheServerOnSync() async throws {
        let fixture = try await Fixture.make()
        await fixture.live.backend.stop()
        let created = try await fixture.store.create(Self.draft("https://example.org", rating: 2))
        #expect(created.id == ID.device(1))
        var edited = created
        edited.note = "read later"
        _ = try await fixture.store.update(edited)
        #expect(try await fixture.store.item(created.id, policy: .cacheFirst).value.note == "read later")
        #expect(await fixture.stack.sync.status().pending == 2)
        _ = try await fixture.live.backend.start()
        _ = try await fixture.stack.sync.sync(progress: { _ in })
        let server = try #require(try await fixture.onServer(1))
        #expect(server.note == "read later" && server.rating == 2 && server.version == 2)
        // The device-issued identifier still finds the item, now under the server's.
        #expect(try await fixture.store.item(created.id, policy: .localOnly).value.id == ID.server(1))
        #expect(await fixture.stack.sync.status().pending == 0)
    }

    @Test func offlineChangesGoInBatchesOfDistinctItemsLikeTheDocuments() async throws {
        let fixture = try await Fixture.make(pushBatchSize: 3)
        await fixture.live.backend.stop()
        var made: [TestBookmark] = []
        for index in 1...7 { made.append(try await fixture.store.create(Self.draft("https://\(index).org"))) }
        var edited = made[0]
        edited.note = "edited offline"
        _ = try await fixture.store.update(edited)
        _ = try await fixture.live.backend.start()
        let report = try await fixture.stack.sync.sync(progress: { _ in })
        #expect(report.pushed == 8)
        // Creates 1-3, then 4-6, then 7 with the edit of the first, which needed its create's
        // answer (the server's id and validator) and so could not join the first batch.
        let routes = await fixture.live.backend.status().requestsByRoute
        #expect(routes["POST /batch"] == 3 && routes.keys.filter { $0.hasPrefix("PUT") }.isEmpty, "\(routes)")
        let first = try #require(try await fixture.onServer(1))
        #expect(first.note == "edited offline" && first.version == 2)
        #expect(try await fixture.onServer(7)?.url == "https://7.org")
        #expect(try await fixture.stack.sync.outbox().isEmpty)
    }

    @Test func aConflictInABatchWaitsForTheUserAndTheRestOfTheBatchIsApplied() async throws {
        let fixture = try await Fixture.make()
        let created = try await fixture.store.create(Self.draft("https://swift.org"))
        await fixture.live.backend.stop()
        var edited = created
        edited.note = "mine"
        _ = try await fixture.store.update(edited)
        _ = try await fixture.store.create(Self.draft("https://example.org"))
        _ = try await fixture.live.backend.start()
        try await fixture.noteElsewhere("theirs")
        let report = try await fixture.stack.sync.sync(progress: { _ in })
        #expect(report.pushed == 1)
        // One batch for the create made online, one for the edit and the create made offline
        let routes = await fixture.live.backend.status().requestsByRoute
        #expect(routes["POST /batch"] == 2, "\(routes)")
        #expect(try await fixture.onServer(1)?.note == "theirs")
        #expect(try await fixture.onServer(2)?.url == "https://example.org")
        #expect(try await fixture.stack.sync.outbox().map(\.state) == [.conflict])
    }

    @Test func aBatchWhoseAnswerIsLostIsResentAndAppliedOnce() async throws {
        let fixture = try await Fixture.make()
        await fixture.live.backend.stop()
        for index in 1...5 { _ = try await fixture.store.create(Self.draft("https://\(index).org")) }
        _ = try await fixture.live.backend.start()
        await fixture.live.backend.injectDroppedConnection()  // applied on the server, answer lost
        await #expect(throws: SyncError.self) { try await fixture.stack.sync.sync(progress: { _ in }) }
        #expect(await fixture.stack.sync.status().pending == 5)
        _ = try await fixture.stack.sync.sync(progress: { _ in })
        #expect(await fixture.stack.sync.status().pending == 0)
        #expect(try await fixture.onServer(5)?.url == "https://5.org")
        #expect(try await fixture.onServer(6) == nil, "each change applied once")
    }

    @Test func anOfflineEditOfAServerItemIsSentAgainstTheVersionItWasMadeOn() async throws {
        let fixture = try await Fixture.make()
        let created = try await fixture.store.create(Self.draft("https://swift.org"))
        await fixture.live.backend.stop()
        var edited = created
        edited.rating = 5
        let saved = try await fixture.store.update(edited)
        #expect(saved.syncState == .pending, "an item whose change waits says so")
        let listed = try await fixture.store.list(policy: .cacheFirst)
        #expect(listed.value.map(\.rating) == [5] && listed.origin == .disk)
        _ = try await fixture.live.backend.start()
        _ = try await fixture.stack.sync.sync(progress: { _ in })
        #expect(try await fixture.onServer(1)?.rating == 5)
    }

    /// A bookmark made online, then edited offline here (`note` "mine", or deleted) while another
    /// device changed the server's copy to "theirs"; then a sync, under `Policy`.
    func raced<Policy: BookmarkPolicy>(
        _ policy: Policy.Type, deleting: Bool = false
    ) async throws -> (Fixture, FeatureStore<Bookmarks<Policy>>) {
        let fixture = try await Fixture.make()
        let store = FeatureStore<Bookmarks<Policy>>(stack: fixture.stack, api: fixture.live.client)
        let created = try await store.create(Self.draft("https://swift.org"))
        await fixture.live.backend.stop()
        if deleting {
            try await store.delete(created.id)
        } else {
            var edited = created
            edited.note = "mine"
            _ = try await store.update(edited)
        }
        _ = try await fixture.live.backend.start()
        try await fixture.noteElsewhere("theirs")
        _ = try await fixture.stack.sync.sync(progress: { _ in })
        return (fixture, store)
    }

    @Test func aConcurrentEditWaitsForTheUserAndIsNeverLost() async throws {
        let (fixture, store) = try await raced(AskTheUser.self)
        // The server keeps the other device's edit, this device keeps its own, and says so
        #expect(try await fixture.onServer(1)?.note == "theirs")
        let mine = try await store.item(try #require(ID.server(1)), policy: .localOnly).value
        #expect(mine.note == "mine" && mine.syncState == .conflict)
        let conflict = try #require(try await fixture.stack.sync.outbox().first)
        #expect(conflict.state == .conflict && conflict.collection == "testbookmarks")
        #expect(await fixture.stack.sync.status().conflicts == 1)
        // A later edit to it waits behind the conflict
        var later = try await store.item(try #require(ID.server(1)), policy: .localOnly).value
        later.rating = 5
        _ = try await store.update(later)
        _ = try await fixture.stack.sync.sync(progress: { _ in })
        #expect(try await fixture.onServer(1)?.rating == 3)
        // Retried, the user's version goes over the server's, then the later edit
        try await fixture.stack.sync.retry(entryId: conflict.id)
        _ = try await fixture.stack.sync.sync(progress: { _ in })
        let server = try #require(try await fixture.onServer(1))
        #expect(server.note == "mine" && server.rating == 5)
        #expect(try await fixture.stack.sync.outbox().isEmpty)
        #expect(try await store.item(try #require(ID.server(1)), policy: .localOnly).value.syncState == .synced)
    }

    @Test func aConflictDiscardedLeavesTheServersVersion() async throws {
        let (fixture, store) = try await raced(AskTheUser.self)
        let conflict = try #require(try await fixture.stack.sync.outbox().first)
        try await fixture.stack.sync.discard(entryId: conflict.id)
        // The server's version kept with the conflict is the device's copy now, offline too
        await fixture.live.backend.stop()
        #expect(try await store.item(try #require(ID.server(1)), policy: .localOnly).value.note == "theirs")
        #expect(await fixture.stack.sync.status().conflicts == 0)
    }

    @Test func aFeaturesConflictShowsBothVersionsFieldByField() async throws {
        let (fixture, _) = try await raced(AskTheUser.self)
        let entry = try #require(try await fixture.stack.sync.outbox().first)
        // In the order the item declares them: `conflicts list` shows the first
        let fields = { (note: String) in
            [
                ItemConflict.Field(name: "url", value: .text("https://swift.org")),
                ItemConflict.Field(name: "note", value: .text(note)),
                ItemConflict.Field(name: "rating", value: .number("3")),
            ]
        }
        let conflict = try #require(try await fixture.stack.sync.conflicts().first)
        #expect(
            conflict.entryId == entry.id && conflict.collection == "testbookmarks" && conflict.itemId == 1
                && conflict.operation == .update)
        let (local, remote) = (try #require(conflict.local), try #require(conflict.remote))
        #expect(local.version == 1 && local.fields == fields("mine"))
        #expect(remote.version == 2 && remote.fields == fields("theirs"))
        // One item, made once: each side carries when it was made, and the server's its own change
        #expect(local.createdAt == remote.createdAt && remote.updatedAt >= remote.createdAt)
    }

    @Test func keepingTheLocalVersionGoesOverOnlyTheServersVersionTheUserSaw() async throws {
        let (fixture, _) = try await raced(AskTheUser.self)
        let entry = try #require(try await fixture.stack.sync.outbox().first)
        // The other device edits again after the user saw the conflict
        try await fixture.noteElsewhere("theirs, again")
        _ = try await fixture.stack.sync.resolve(entryId: entry.id, keeping: .local)
        #expect(try await fixture.onServer(1)?.note == "theirs, again", "never over a version the user did not see")
        let again = try #require(try await fixture.stack.sync.conflicts().first)
        #expect(again.remote?.fields.first { $0.name == "note" }?.value == .text("theirs, again"))
        // Kept once more, now against the version shown, it goes through
        _ = try await fixture.stack.sync.resolve(entryId: again.entryId, keeping: .local)
        #expect(try await fixture.onServer(1)?.note == "mine")
        #expect(try await fixture.stack.sync.outbox().isEmpty)
    }

    @Test func keepingTheServersVersionDropsTheChangeAndAFeatureHasNoMerge() async throws {
        let (fixture, store) = try await raced(AskTheUser.self)
        let entry = try #require(try await fixture.stack.sync.outbox().first)
        await #expect(throws: SyncError.invalidMerge("items of testbookmarks have no merge; keep local or remote")) {
            _ = try await fixture.stack.sync.resolve(entryId: entry.id, keeping: .merged(body: "both"))
        }
        #expect(
            try await fixture.stack.sync.outbox().map(\.state) == [.conflict], "a refused resolution changes nothing")
        await #expect(throws: SyncError.noSuchEntry(entry.id + 1)) {
            _ = try await fixture.stack.sync.resolve(entryId: entry.id + 1, keeping: .remote)
        }
        _ = try await fixture.stack.sync.resolve(entryId: entry.id, keeping: .remote)
        #expect(try await store.item(try #require(ID.server(1)), policy: .localOnly).value.note == "theirs")
        #expect(try await fixture.stack.sync.conflicts().isEmpty)
    }

    /// An item a pull left alone while its change waited in conflict reaches the server's newest
    /// version once the user lets the server's side stand: the pull had moved past the newer
    /// versions, and the device kept the one the conflict held for good (found by the model test,
    /// seed 1592594378).
    @Test(arguments: [false, true])
    func aVersionThePullLeftAloneArrivesOnceTheConflictIsSettled(discarding: Bool) async throws {
        let (fixture, store) = try await raced(AskTheUser.self)
        let entry = try #require(try await fixture.stack.sync.outbox().first)
        try await fixture.noteElsewhere("theirs, again")
        _ = try await fixture.stack.sync.sync(progress: { _ in })  // passes the newer version by
        #expect(try await store.item(try #require(ID.server(1)), policy: .localOnly).value.note == "mine")
        if discarding {
            try await fixture.stack.sync.discard(entryId: entry.id)
        } else {
            _ = try await fixture.stack.sync.resolve(entryId: entry.id, keeping: .remote)
        }
        _ = try await fixture.stack.sync.sync(progress: { _ in })
        let kept = try await store.item(try #require(ID.server(1)), policy: .localOnly).value
        #expect(kept.note == "theirs, again" && kept.version == 3)
        #expect(try await fixture.stack.sync.sync(progress: { _ in }).pulled == 0, "brought once")
    }

    /// A feature's conflict is settled by the same path as a document's: where the collection
    /// offers a merge, `conflicts resolve --keep merged` sends it over the version the user saw.
    @Test func aFeatureThatOffersAMergeIsResolvedWithIt() async throws {
        let (fixture, store) = try await raced(MergeNotes.self)
        let entry = try #require(try await fixture.stack.sync.outbox().first)
        _ = try await fixture.stack.sync.resolve(entryId: entry.id, keeping: .merged(body: "mine and theirs"))
        #expect(try await fixture.onServer(1)?.note == "mine and theirs")
        #expect(try await store.item(try #require(ID.server(1)), policy: .localOnly).value.note == "mine and theirs")
        #expect(try await fixture.stack.sync.outbox().isEmpty)
    }

    @Test func aDeleteRacingAnEditIsAConflictNeverSilent() async throws {
        let (fixture, _) = try await raced(AskTheUser.self, deleting: true)
        #expect(try await fixture.onServer(1)?.note == "theirs")
        #expect(try await fixture.stack.sync.outbox().map(\.state) == [.conflict])
        let conflict = try #require(try await fixture.stack.sync.conflicts().first)
        #expect(conflict.operation == .delete && conflict.local == nil)
        #expect(conflict.remote?.fields.first { $0.name == "note" }?.value == .text("theirs"))
    }

    /// A bookmark made online, edited offline here while another device deleted it; then a sync,
    /// under `Policy`.
    func editedWhileDeleted<Policy: BookmarkPolicy>(
        _ policy: Policy.Type
    ) async throws -> (Fixture, FeatureStore<Bookmarks<Policy>>) {
        let fixture = try await Fixture.make()
        let store = FeatureStore<Bookmarks<Policy>>(stack: fixture.stack, api: fixture.live.client)
        var edited = try await store.create(Self.draft("https://swift.org"))
        await fixture.live.backend.stop()
        edited.note = "mine"
        _ = try await store.update(edited)
        _ = try await fixture.live.backend.start()
        var headers = HTTPFields()
        headers[.ifMatch] = "*"
        try await fixture.live.client.sendWithoutBody(.delete, "testbookmarks/1", headers: headers)
        _ = try await fixture.stack.sync.sync(progress: { _ in })
        return (fixture, store)
    }

    @Test func underManualAnEditOfAnItemDeletedOnTheServerIsAConflictKeepingLocalBringsItBack() async throws {
        let (fixture, store) = try await editedWhileDeleted(AskTheUser.self)
        let conflict = try #require(try await fixture.stack.sync.conflicts().first)
        #expect(conflict.itemId == 1 && conflict.remote == nil && conflict.local != nil)
        _ = try await fixture.stack.sync.resolve(entryId: conflict.entryId, keeping: .local)
        // Created again, under the identifier the server gave it
        #expect(try await fixture.stack.sync.outbox().isEmpty)
        #expect(try await fixture.onServer(1) == nil)
        let again = try #require(try await fixture.onServer(2))
        #expect(again.note == "mine")
        #expect(try await store.item(try #require(ID.server(2)), policy: .localOnly).value.note == "mine")
    }

    @Test func underServerWinsAnEditOfAnItemDeletedOnTheServerGoesWithIt() async throws {
        let (fixture, store) = try await editedWhileDeleted(ServerWins.self)
        #expect(try await fixture.stack.sync.outbox().isEmpty)
        await #expect(throws: DataSourceError.notCached) {
            try await store.item(try #require(ID.server(1)), policy: .localOnly)
        }
    }

    @Test func underClientWinsAnEditOfAnItemDeletedOnTheServerIsAConflictForTheUser() async throws {
        try await expectAConflictWithTheDeletion(DeviceWins.self)
    }

    @Test func underLastWriterWinsAnEditOfAnItemDeletedOnTheServerIsAConflictForTheUser() async throws {
        try await expectAConflictWithTheDeletion(LaterWins.self)
    }

    /// Under `Policy`, an edit meeting another device's delete is listed as a conflict (applying
    /// it would undo the delete, dropping it would lose the edit), and keeping the deletion drops
    /// the edit and the copy here.
    func expectAConflictWithTheDeletion<Policy: BookmarkPolicy>(_ policy: Policy.Type) async throws {
        let (fixture, store) = try await editedWhileDeleted(policy)
        let conflict = try #require(try await fixture.stack.sync.conflicts().first)
        #expect(conflict.itemId == 1 && conflict.remote == nil && conflict.local != nil)
        _ = try await fixture.stack.sync.resolve(entryId: conflict.entryId, keeping: .remote)
        #expect(try await fixture.stack.sync.outbox().isEmpty)
        await #expect(throws: DataSourceError.notCached) {
            try await store.item(try #require(ID.server(1)), policy: .localOnly)
        }
    }

    @Test func underClientWinsThisDevicesEditGoesOverTheServers() async throws {
        let (fixture, _) = try await raced(DeviceWins.self)
        let server = try #require(try await fixture.onServer(1))
        #expect(server.note == "mine" && server.version == 3)
    }

    @Test(arguments: [false, true])
    func underServerWinsTheServersVersionStays(deleting: Bool) async throws {
        let (fixture, store) = try await raced(ServerWins.self, deleting: deleting)
        #expect(try await fixture.onServer(1)?.note == "theirs")
        #expect(try await store.item(try #require(ID.server(1)), policy: .cacheFirst).value.note == "theirs")
        #expect(try await fixture.stack.sync.outbox().isEmpty)
    }

    @Test func underLastWriterWinsTheLaterEditStays() async throws {
        // The other device's edit came after this one's: the server's version stays
        let (fixture, _) = try await raced(LaterWins.self)
        #expect(try await fixture.onServer(1)?.note == "theirs")
        #expect(try await fixture.stack.sync.outbox().isEmpty)
    }

    @Test func aDeleteReachesTheServerAndAnItemNeverSentIsForgotten() async throws {
        let fixture = try await Fixture.make()
        let sent = try await fixture.store.create(Self.draft("https://swift.org"))
        await fixture.live.backend.stop()
        let unsent = try await fixture.store.create(Self.draft("https://example.org"))
        try await fixture.store.delete(unsent.id)
        try await fixture.store.delete(sent.id)
        #expect(await fixture.stack.sync.status().pending == 1)
        _ = try await fixture.live.backend.start()
        _ = try await fixture.stack.sync.sync(progress: { _ in })
        #expect(try await fixture.onServer(1) == nil)
        #expect(try await fixture.store.list(policy: .remoteOnly).value.isEmpty)
    }

    @Test func deletingAnItemOnlyTheServerHasWorksAndOneNobodyHasIsNotFound() async throws {
        let fixture = try await Fixture.make()
        let other = try await fixture.otherDevice()
        let made = try await other.store.create(Self.draft("https://swift.org"))
        // This device never read it: the server says it exists
        try await fixture.store.delete(made.id)
        #expect(try await fixture.onServer(made.id.rawValue) == nil)
        // Neither this device nor the server has 99: nothing is queued for it
        let unknown = try #require(ID.server(99))
        await #expect(throws: DataSourceError.remote(.notFound)) { try await fixture.store.delete(unknown) }
        #expect(await fixture.stack.sync.status().pending == 0)
        withExtendedLifetime(other.stack) {}
    }

    @Test func aChangeTheServerRefusesIsParkedAndTheRestGoOn() async throws {
        let fixture = try await Fixture.make()
        await fixture.live.backend.stop()
        _ = try await fixture.store.create(Self.draft(""))  // the server's rule: a URL is not empty
        _ = try await fixture.store.create(Self.draft("https://swift.org"))
        _ = try await fixture.live.backend.start()
        _ = try await fixture.stack.sync.sync(progress: { _ in })
        let status = await fixture.stack.sync.status()
        #expect(status.pending == 0 && status.parked == 1)
        #expect(try await fixture.onServer(1)?.url == "https://swift.org")
    }

    @Test func theOutboxListsEveryCollectionsChangesInOneNumberingInTheOrderMade() async throws {
        let fixture = try await Fixture.make()
        await fixture.live.backend.stop()
        _ = try await fixture.store.create(Self.draft("https://a.example"))
        _ = try await fixture.stack.documentRepository.create(FakeData.draft(title: "Notes"))
        _ = try await fixture.store.create(Self.draft("https://b.example"))
        let queued = try await fixture.stack.sync.outbox()
        #expect(queued.map(\.collection) == ["testbookmarks", QueuedChange.documents, "testbookmarks"])
        #expect(queued.map(\.id) == queued.map(\.id).sorted() && Set(queued.map(\.id)).count == 3)
        #expect(queued.count == (await fixture.stack.sync.status()).pending)
    }

    @Test func aParkedChangeIsRetriedOrDiscardedByItsNumber() async throws {
        let fixture = try await Fixture.make()
        await fixture.live.backend.stop()
        let refused = try await fixture.store.create(Self.draft(""))  // the server's rule: a URL is not empty
        _ = try await fixture.live.backend.start()
        _ = try await fixture.stack.sync.sync(progress: { _ in })
        let parked = try #require(try await fixture.stack.sync.outbox().first)
        #expect(parked.state == .parked && parked.collection == "testbookmarks" && parked.itemId == refused.id.rawValue)
        // Retried, it is sent again (under a new key) and refused again
        try await fixture.stack.sync.retry(entryId: parked.id)
        let again = try #require(try await fixture.stack.sync.outbox().first)
        #expect(again.id == parked.id && again.state == .parked && again.attempts == parked.attempts + 1)
        // Discarded, it leaves with the item's copy here
        try await fixture.stack.sync.discard(entryId: parked.id)
        #expect(try await fixture.stack.sync.outbox().isEmpty)
        #expect(try await fixture.store.list(policy: .localOnly).value.isEmpty)
        #expect(await fixture.stack.sync.status().parked == 0)
        await #expect(throws: SyncError.noSuchEntry(parked.id)) {
            try await fixture.stack.sync.discard(entryId: parked.id)
        }
    }

    @Test func onlyAParkedChangeCanBeDiscarded() async throws {
        let fixture = try await Fixture.make()
        await fixture.live.backend.stop()
        _ = try await fixture.store.create(Self.draft("https://a.example"))
        let pending = try #require(try await fixture.stack.sync.outbox().first)
        await #expect(throws: SyncError.notParked(pending.id)) {
            try await fixture.stack.sync.discard(entryId: pending.id)
        }
        #expect(try await fixture.stack.sync.outbox().count == 1)
    }

    /// A change to a collection this version of the app does not have reads as parked.
    ///
    /// (A feature taken out, or added by a newer version.) It is counted and listed as parked,
    /// with why, and can be discarded: it was counted as waiting to be sent, which nothing did,
    /// and could not be discarded. It is kept as it was, and a version with the collection sends it.
    @Test func aChangeToACollectionThisVersionLacksReadsAsParkedAndCanBeDiscarded() async throws {
        let fixture = try await Fixture.make()
        await fixture.live.backend.stop()
        _ = try await fixture.store.create(Self.draft("https://a.example"))
        _ = try await fixture.store.create(Self.draft("https://b.example"))
        // The same home, opened by a version of the app without bookmarks
        let database = try AppDatabase.open(at: fixture.folder.url.appendingPathComponent("app.sqlite"))
        let without = DataStack(
            database: database, api: fixture.live.client, monitor: fixture.live.monitor, now: { Date() })
        let status = await without.sync.status()
        #expect(status.pending == 0 && status.parked == 2 && status.conflicts == 0)
        let queued = try await without.sync.outbox()
        let reason =
            "This version of the app has no testbookmarks: the change is kept for a version that has, or can be discarded"
        #expect(queued.map(\.state) == [.parked, .parked] && queued.allSatisfy { $0.lastError == reason })
        await #expect(throws: SyncError.collectionNotInThisVersion("testbookmarks")) {
            try await without.sync.retry(entryId: queued[0].id)
        }
        try await without.sync.discard(entryId: queued[0].id)
        #expect(await without.sync.status().parked == 1)
        // The version with bookmarks sends the one kept
        _ = try await fixture.live.backend.start()
        _ = try await fixture.stack.sync.sync(progress: { _ in })
        #expect(await fixture.stack.sync.status().pending == 0)
        #expect(try await fixture.onServer(1)?.url == "https://b.example")
    }

    @Test func aSyncBringsEveryItemAnotherDeviceMadeChangedOrDeleted() async throws {
        // Given another device on the same server that made two bookmarks, then changed one
        let fixture = try await Fixture.make()
        let (otherStack, other) = try await fixture.otherDevice()
        defer { withExtendedLifetime(otherStack) {} }
        let first = try await other.create(Self.draft("https://a.example"))
        _ = try await other.create(Self.draft("https://b.example"))
        // When this device syncs, then it holds both, readable offline
        _ = try await fixture.stack.sync.sync(progress: { _ in })
        #expect(
            try await fixture.store.list(policy: .localOnly).value.map(\.url).sorted() == [
                "https://a.example", "https://b.example",
            ])
        // And what the other device changes or deletes next reaches it at the next sync
        var edited = first
        edited.note = "read"
        _ = try await other.update(edited)
        try await other.delete(try #require(ID.server(2)))
        let report = try await fixture.stack.sync.sync(progress: { _ in })
        #expect(report.pulled >= 1 && report.deleted >= 1)
        let held = try await fixture.store.list(policy: .localOnly).value
        #expect(held.map(\.url) == ["https://a.example"] && held.first?.note == "read")
    }

    /// `cache clear` drops what a sync pulled, and with it the claim that the device holds every
    /// item: lists ask the server again, and the next sync brings every item back, documents too.
    ///
    /// The pull's change numbers outlived the clear: the next sync pulled nothing, and every list
    /// read from the emptied device said "end of the list" while the server held items.
    @Test func aSyncAfterTheCachesAreClearedBringsEveryItemBack() async throws {
        let fixture = try await Fixture.make()
        let (otherStack, other) = try await fixture.otherDevice()
        defer { withExtendedLifetime(otherStack) {} }
        _ = try await other.create(Self.draft("https://a.example"))
        _ = try await fixture.stack.sync.sync(progress: { _ in })
        let documents = try await fixture.stack.documentRepository.documents(policy: .localOnly).value.map(\.id)
        try #require(!documents.isEmpty)

        try await fixture.stack.clearLocal()

        let listed = try await fixture.store.list(policy: .cacheFirst)
        #expect(listed.value.map(\.url) == ["https://a.example"] && listed.origin == .network)
        let page = try await fixture.store.page(PageRequest(limit: 5), policy: .cacheFirst)
        #expect(page.value.items.map(\.url) == ["https://a.example"] && page.origin == .network)
        let report = try await fixture.stack.sync.sync(progress: { _ in })
        #expect(report.pulled == documents.count + 1, "\(report)")
        await fixture.live.backend.stop()
        #expect(try await fixture.store.list(policy: .localOnly).value.map(\.url) == ["https://a.example"])
        #expect(try await fixture.stack.documentRepository.documents(policy: .localOnly).value.map(\.id) == documents)
    }

    /// An upgrade whose migration adds a column to a collection's table starts its pull over.
    ///
    /// The rows pulled before hold the column's default, not the server's value: a pull that went
    /// on from its change number never brought them again, so a field added by the recipe showed
    /// its default on every item synced before the upgrade, for good.
    @Test func aSyncAfterAMigrationAddedAColumnBringsEveryItemAgain() async throws {
        let fixture = try await Fixture.make()
        _ = try await fixture.store.create(Self.draft("https://a.example"))
        _ = try await fixture.stack.sync.sync(progress: { _ in })
        // Each launch opens the database again, as an upgrade's migration runs at the open
        let file = fixture.folder.url.appendingPathComponent("app.sqlite")
        func relaunch() throws -> (DataStack, FeatureStore<TestBookmarkResource>) {
            let stack = DataStack(
                database: try AppDatabase.open(at: file), api: fixture.live.client, monitor: fixture.live.monitor,
                now: { Date() })
            return (stack, FeatureStore(stack: stack, api: fixture.live.client))
        }
        let (same, sameStore) = try relaunch()
        #expect(try sameStore.hasPulled(), "the same columns: the pull goes on from where it was")
        #expect(try await same.sync.sync(progress: { _ in }).pulled == 0)
        let made = try #require(ID.server(1))
        #expect(try await sameStore.item(made, policy: .localOnly).value.url == "https://a.example")

        try AppDatabase.open(at: file).write { db in
            try db.execute(sql: "ALTER TABLE testbookmark ADD COLUMN added TEXT")
        }
        let (upgraded, store) = try relaunch()

        #expect(try !store.hasPulled())
        // Its row goes too: an edit must start from the server's whole item, not from the default
        await #expect(throws: DataSourceError.notCached) { try await store.item(made, policy: .localOnly) }
        let listed = try await store.list(policy: .cacheFirst)
        #expect(listed.value.map(\.url) == ["https://a.example"] && listed.origin == .network)
        #expect(try await upgraded.sync.sync(progress: { _ in }).pulled == 1, "the bookmark; the documents go on")
        #expect(try store.hasPulled())
        #expect(try await relaunch().0.sync.sync(progress: { _ in }).pulled == 0, "once")
    }

    @Test func aPulledChangeNeverReplacesAnItemWithChangesStillToSend() async throws {
        let fixture = try await Fixture.make()
        let (otherStack, other) = try await fixture.otherDevice()
        let made = try await other.create(Self.draft("https://a.example"))
        _ = try await fixture.stack.sync.sync(progress: { _ in })
        await fixture.live.backend.stop()
        var mine = try await fixture.store.item(made.id, policy: .localOnly).value
        mine.note = "mine, not sent"
        _ = try await fixture.store.update(mine)
        _ = try await fixture.live.backend.start()
        var theirs = made
        theirs.note = "theirs"
        _ = try await other.update(theirs)
        _ = try await otherStack.sync.sync(progress: { _ in })
        #expect(try await fixture.onServer(1)?.note == "theirs")
        // The item kept is not counted: the report says what the pull changed here
        #expect(try await fixture.stack.sync.pull().pulled == 0)
        #expect(try await fixture.store.item(made.id, policy: .localOnly).value.note == "mine, not sent")
        // Nor is a deletion the pull leaves alone for the same reason
        try await other.delete(made.id)
        _ = try await otherStack.sync.sync(progress: { _ in })
        #expect(try await fixture.stack.sync.pull().deleted == 0)
        #expect(try await fixture.store.item(made.id, policy: .localOnly).value.note == "mine, not sent")
    }

    /// A read answered before an edit but stored after it leaves this device's version.
    ///
    /// `docs edit` loads a stale copy, whose refresh in the background then lands after the edit
    /// was saved. Stored, the read's answer hid the edit from every screen and `conflicts show`,
    /// and the next edit, built on it, sent the server's fields back over this one's.
    @Test func aReadThatLandsAfterAnEditNeverReplacesIt() async throws {
        let fixture = try await Fixture.make()
        let made = try await fixture.store.create(Self.draft("https://a.example"))
        let read = try await fixture.store.source.remote.fetch(made.id, ifNoneMatch: nil)
        guard case .modified(let answer, let validators) = read else {
            Issue.record("the server did not answer with the bookmark: \(read)")
            return
        }
        await fixture.live.backend.stop()
        var mine = made
        mine.note = "mine, not sent"
        _ = try await fixture.store.update(mine)
        // The read's answer is cached as the data source caches every answer
        let metadata = CacheMetadata(fetchedAt: Date(), etag: validators.etag, maxAge: validators.maxAge)
        try await fixture.store.source.local.persist(answer, for: made.id, metadata: metadata)
        try await fixture.store.source.local.remove(made.id)  // a read that found it gone
        var kept = try await fixture.store.item(made.id, policy: .localOnly).value
        #expect(kept.note == "mine, not sent" && kept.syncState == .pending)
        // A second edit builds on the first; the server gets both
        kept.rating = 5
        _ = try await fixture.store.update(kept)
        _ = try await fixture.live.backend.start()
        _ = try await fixture.stack.sync.sync(progress: { _ in })
        let server = try #require(try await fixture.onServer(1))
        #expect(server.note == "mine, not sent" && server.rating == 5)
    }

    @Test func theListIsTheServersWithThisDevicesChangesOver() async throws {
        let fixture = try await Fixture.make()
        _ = try await fixture.store.create(Self.draft("https://a.example"))
        _ = try await fixture.store.create(Self.draft("https://b.example"))
        await fixture.live.backend.stop()
        _ = try await fixture.store.create(Self.draft("https://c.example"))
        await #expect(throws: DataSourceError.self) { try await fixture.store.list(policy: .remoteOnly) }
        let offline = try await fixture.store.list(policy: .cacheFirst)
        // Newest change first, as every list is ordered: the one made offline, then the server's
        #expect(offline.value.map(\.url) == ["https://c.example", "https://b.example", "https://a.example"])
        #expect(offline.origin == .disk && offline.freshness == .stale)
        // Only on the device, the same items say the same: before a sync they may be some of them
        let local = try await fixture.store.list(policy: .localOnly)
        #expect(local.value.map(\.url) == offline.value.map(\.url) && local.freshness == .stale)
        let page = try await fixture.store.page(PageRequest(limit: 5), policy: .localOnly)
        #expect(page.value.items.map(\.url) == offline.value.map(\.url) && page.freshness == .stale)
    }

    @Test func aFeaturesChangesAreAnnouncedUnderItsCollection() async throws {
        let fixture = try await Fixture.make()
        let stream = fixture.stack.database.changes.changes()
        await fixture.live.backend.stop()
        _ = try await fixture.store.create(Self.draft("https://swift.org"))
        var heard: DataChange?
        for await change in stream {
            heard = change
            break
        }
        #expect(heard == .items(collection: "testbookmarks", ids: [-1]))
    }
}
