import Domain
import Presentation
import TestSupport
import Testing

@Suite("DocumentEditorViewModel")
struct DocumentEditorViewModelTests {
    let repository = FakeDocumentRepository(documents: [FakeData.document(id: 1)])

    func editor(_ document: Document? = FakeData.document(id: 1)) -> DocumentEditorViewModel {
        DocumentEditorViewModel(
            editing: document, draft: document.map(DocumentDraft.init) ?? .empty,
            createDocument: CreateDocumentUseCase(repository: repository),
            updateDocument: UpdateDocumentUseCase(repository: repository),
            findConflict: FindConflictUseCase(repository: FakeSyncRepository()))
    }

    var original: DocumentDraft { DocumentDraft(FakeData.document(id: 1)) }

    @Test func editingThenSavingSendsOnlyTheChangedFields() async {
        let viewModel = editor()
        let tester = ViewModelTester(viewModel)
        viewModel.edit { $0.title = "Renamed" }
        var renamed = original
        renamed.title = "Renamed"
        await tester.expect(.dirty(renamed))
        viewModel.save()
        var saved = FakeData.document(id: 1, title: "Renamed")
        saved.version = 2
        await tester.expect(.saving(renamed), .saved(saved))
        await tester.finish()
        #expect(viewModel.state.description == "saved(version 2)")
        #expect(await repository.calls == [.update(1, FakeData.changes(title: "Renamed"))])
    }

    @Test func editingBackToTheSavedTextIsClean() async {
        let viewModel = editor()
        let tester = ViewModelTester(viewModel)
        viewModel.edit { $0.body = "changed" }
        viewModel.edit { $0.body = "Body" }
        var changed = original
        changed.body = "changed"
        await tester.expect(.dirty(changed), .clean(original))
        await tester.finish()
    }

    @Test func aValidationErrorKeepsTheDraftAndNamesTheField() async {
        let viewModel = editor()
        let tester = ViewModelTester(viewModel)
        let tooLong = String(repeating: "t", count: 201)
        viewModel.edit { $0.title = tooLong }
        viewModel.save()
        var draft = original
        draft.title = tooLong
        let message = "The title is too long (at most 200 characters)"
        await tester.expect(
            .dirty(draft), .saving(draft),
            .failed(draft, failure: ViewFailure(message: message, remedy: .fixInput, field: "title")))
        await tester.finish()
        #expect(viewModel.draft.title == tooLong)
        #expect(await repository.calls.isEmpty)
    }

    @Test func aServerFailureKeepsTheDraftAndCanBeRetried() async {
        await repository.setFailure(.unavailable)
        let viewModel = editor()
        let tester = ViewModelTester(viewModel)
        viewModel.edit { $0.body = "draft" }
        viewModel.save()
        var draft = original
        draft.body = "draft"
        await tester.expect(
            .dirty(draft), .saving(draft),
            .failed(
                draft,
                failure: ViewFailure(
                    message: "The server can't be reached; try again later", remedy: .retry, field: nil))
        )
        await repository.setFailure(nil)
        viewModel.save()
        var saved = FakeData.document(id: 1, body: "draft")
        saved.version = 2
        await tester.expect(.saving(draft), .saved(saved))
        await tester.finish()
    }

    @Test func aSaveWhileSavingAndEditsWhileSavingAreIgnored() async {
        let viewModel = editor()
        let tester = ViewModelTester(viewModel)
        viewModel.edit { $0.title = "One" }
        let first = viewModel.save()
        #expect(viewModel.save() == nil)
        viewModel.edit { $0.title = "Two" }
        await first?.value
        var draft = original
        draft.title = "One"
        var saved = FakeData.document(id: 1, title: "One")
        saved.version = 2
        await tester.expect(.dirty(draft), .saving(draft), .saved(saved))
        await tester.finish()
    }

    @Test func aNewDocumentIsCreatedAndRevertGoesBack() async {
        let viewModel = editor(nil)
        let tester = ViewModelTester(viewModel)
        await viewModel.save()?.value  // an empty new document still validates: the title is required
        let required = "The title can't be empty"
        await tester.expect(
            .saving(FakeData.draft(title: "")),
            .failed(
                FakeData.draft(title: ""), failure: ViewFailure(message: required, remedy: .fixInput, field: "title")))
        viewModel.edit { $0.title = "Fresh" }
        viewModel.revert()
        viewModel.edit { $0.title = "Fresh" }
        await viewModel.save()?.value
        let draft = FakeData.draft(title: "Fresh")
        await tester.expect(
            .dirty(draft), .clean(FakeData.draft(title: "")), .dirty(draft), .saving(draft),
            .saved(FakeData.document(id: 2, title: "Fresh", body: ""))
        )
        await tester.finish()
        #expect(viewModel.saved?.id == 2)
    }

    @Test func disappearingMidSaveLeavesTheDraftUnsaved() async {
        let viewModel = editor()
        let tester = ViewModelTester(viewModel)
        viewModel.edit { $0.title = "Later" }
        viewModel.save()
        viewModel.onDisappear()
        var draft = original
        draft.title = "Later"
        await tester.expect(.dirty(draft), .saving(draft), .dirty(draft))
        await tester.finish()
    }

    @Test func theEditorIsReleased() async {
        await ViewModelTester.expectDeallocation {
            editor()
        } exercise: { viewModel in
            viewModel.edit { $0.title = "x" }
            await viewModel.save()?.value
        }
    }

    /// A save the server refused at once is saved here and says so: its change waits for the
    /// user, not for the network.
    @Test(arguments: [(SyncState.pending, "saved (pending sync)"), (.parked, "saved (parked)")])
    func aSaveThatDidNotReachTheServerSaysWhy(state: SyncState, trace: String) async {
        await repository.setWriteSyncState(state)
        let viewModel = editor()
        let tester = ViewModelTester(viewModel)
        viewModel.edit { $0.body = "offline" }
        var draft = original
        draft.body = "offline"
        await tester.expect(.dirty(draft))
        viewModel.save()
        var saved = FakeData.document(id: 1, body: "offline")
        saved.version = 2
        saved.syncState = state
        await tester.expect(.saving(draft), .saved(saved))
        await tester.finish()
        #expect(viewModel.state.description == trace)
    }

    @Test func aConflictShowsBothVersions() async {
        await repository.setWriteSyncState(.conflict)
        let remote = FakeData.document(id: 1, body: "theirs", version: 2)
        let local = FakeData.document(id: 1, body: "mine")
        let sync = FakeSyncRepository()
        let conflict = ItemConflict(
            entryId: 7, collection: QueuedChange.documents, itemId: 1, operation: .update,
            local: FakeData.side(version: local.version, fields: [.init(name: "body", value: .text(local.body))]),
            remote: FakeData.side(version: remote.version, fields: [.init(name: "body", value: .text(remote.body))]))
        await sync.add(conflict)
        // Another collection's item 1 is in conflict too: the editor must not take it for the document
        await sync.add(
            ItemConflict(
                entryId: 8, collection: "expenses", itemId: 1, operation: .update, local: nil,
                remote: FakeData.side(version: 9, fields: [])))
        let viewModel = DocumentEditorViewModel(
            editing: FakeData.document(id: 1), draft: original,
            createDocument: CreateDocumentUseCase(repository: repository),
            updateDocument: UpdateDocumentUseCase(repository: repository),
            findConflict: FindConflictUseCase(repository: sync))
        let tester = ViewModelTester(viewModel)
        viewModel.edit { $0.body = "mine" }
        var draft = original
        draft.body = "mine"
        await tester.expect(.dirty(draft))
        viewModel.save()
        await tester.expect(.saving(draft), .conflict(draft, versions: conflict))
        await tester.finish()
        #expect(viewModel.state.hasUnsavedChanges && viewModel.state.description == "conflict(remote version 2)")
    }
}
