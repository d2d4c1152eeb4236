import Domain
import TestSupport
import Testing

@Suite("Sync use cases")
struct SyncUseCaseTests {
    let conflict = ItemConflict(
        entryId: 3, collection: QueuedChange.documents, itemId: 1, operation: .update,
        local: FakeData.side(version: 1, fields: [.init(name: "body", value: .text("mine"))]),
        remote: FakeData.side(version: 2, fields: [.init(name: "body", value: .text("theirs"))]))

    @Test(arguments: [
        (SyncError.offline(pending: 0), "The server can't be reached; try again later"),
        (.offline(pending: 1), "The server can't be reached; 1 change stays queued"),
        (.offline(pending: 3), "The server can't be reached; 3 changes stay queued"),
        (.busy(retryAfterSeconds: 90, pending: 0), "The server is busy; try again in 90 s"),
        (.busy(retryAfterSeconds: 90, pending: 2), "The server is busy; 2 changes stay queued; try again in 90 s"),
        (.refused("forbidden (403)", pending: 0), "The server refused the sync: forbidden (403)"),
        (
            .refused("forbidden (403)", pending: 2),
            "The server refused the sync: forbidden (403); 2 changes stay queued"
        ),
        (.invalidData(pending: 0), "The server sent data the app can't read"),
        (.invalidData(pending: 1), "The server sent data the app can't read; 1 change stays queued"),
        (.signInRequired(pending: 0), "Please log in again ('login NAME')"),
        (.signInRequired(pending: 1), "Please log in again ('login NAME'); 1 change waits for it"),
    ])
    func aFailedSyncCountsTheChangesLeftOnlyWhenThereAreAny(error: SyncError, line: String) {
        #expect(error.errorDescription == line)
    }

    /// A conflict can be discarded too (`outbox discard` drops it with the item's other changes):
    /// the refusal of a change still waiting to be sent says so, where it named parked ones only.
    @Test func discardingAChangeWaitingToBeSentNamesWhatCanBeDiscarded() {
        let line = SyncError.notParked(3).errorDescription ?? ""
        #expect(line.hasPrefix("Outbox entry 3 is waiting to be sent") && line.contains("one in conflict"), "\(line)")
    }

    @Test func aDocumentsMergedBodyMustFollowTheDocumentRules() async {
        let sync = FakeSyncRepository(conflicts: [conflict])
        let tooLarge = String(repeating: "x", count: DocumentRules.maxBodyBytes + 1)
        let result = await ResolveConflictUseCase(repository: sync).execute(conflict, keeping: .merged(body: tooLarge))
        guard case .failure(.invalidMerge) = result else {
            Issue.record("expected invalidMerge, got \(result)")
            return
        }
        #expect(await sync.resolved.isEmpty)
    }

    /// The document rules are documents' own: another collection's merge is its resource's to judge.
    @Test func anotherCollectionsMergeIsNotJudgedByTheDocumentRules() async {
        let expense = ItemConflict(
            entryId: 4, collection: "expenses", itemId: 2, operation: .update, local: conflict.local,
            remote: conflict.remote)
        let sync = FakeSyncRepository(conflicts: [expense])
        let long = String(repeating: "x", count: DocumentRules.maxBodyBytes + 1)
        let result = await ResolveConflictUseCase(repository: sync).execute(expense, keeping: .merged(body: long))
        let resolved = await sync.resolved.map(\.0)
        #expect(result == .success(2) && resolved == [4])
    }

    @Test func resolvingKeepsTheChosenVersion() async {
        let sync = FakeSyncRepository(conflicts: [conflict])
        let kept = await ResolveConflictUseCase(repository: sync).execute(conflict, keeping: .remote)
        #expect(kept == .success(1), "the item stays, as the server has it")
        // Keeping the server's version settles the entry: it is gone from the outbox.
        let again = await ResolveConflictUseCase(repository: sync).execute(conflict, keeping: .remote)
        #expect(again == .failure(.noSuchEntry(3)))
    }

    @Test func theEditorFindsAFeaturesConflictByCollectionAndItem() async {
        let sync = FakeSyncRepository()
        let expense = ItemConflict(
            entryId: 4, collection: "expenses", itemId: 2, operation: .update,
            local: FakeData.side(version: 1, fields: [.init(name: "title", value: .text("Lunch"))]), remote: nil)
        await sync.add(expense)
        let find = FindConflictUseCase(repository: sync)
        #expect(await find.execute(collection: "expenses", itemId: 2) == expense)
        #expect(await find.execute(collection: "trips", itemId: 2) == nil, "another collection's item 2")
        #expect(await find.execute(collection: "expenses", itemId: 3) == nil)
    }

    @Test func sendingPushesOnlyAndReportsTheRepositorysOutcome() async {
        let sync = FakeSyncRepository()
        var report = SyncReport()
        report.pushed = 3
        await sync.script(progress: [], outcome: .success(report))
        #expect(await SyncUseCase(repository: sync).send() == .success(report))
        await sync.script(progress: [], outcome: .failure(.offline(pending: 3)))
        #expect(await SyncUseCase(repository: sync).send() == .failure(.offline(pending: 3)))
    }
}
