import Domain
import Presentation
import TestSupport
import Testing

@Suite("DocumentEditorViewModel takes a version saved elsewhere")
struct EditorNewerVersionTests {
    let repository = FakeDocumentRepository(documents: [FakeData.document(id: 1)])

    func editor() -> DocumentEditorViewModel {
        DocumentEditorViewModel(
            editing: FakeData.document(id: 1), draft: DocumentDraft(FakeData.document(id: 1)),
            createDocument: CreateDocumentUseCase(repository: repository),
            updateDocument: UpdateDocumentUseCase(repository: repository),
            findConflict: FindConflictUseCase(repository: FakeSyncRepository()))
    }

    @Test func aCleanEditorShowsTheNewVersion() async {
        let viewModel = editor()
        let tester = ViewModelTester(viewModel)
        let newer = FakeData.document(id: 1, title: "Renamed elsewhere", version: 2)
        viewModel.receive(newer)
        await tester.expect(.clean(DocumentDraft(newer)))
        // The same version again changes nothing
        viewModel.receive(newer)
        await tester.finish()
        #expect(viewModel.saved == newer)
    }

    @Test func aDraftKeepsItsChangesAndTakesTheOtherFields() async {
        let viewModel = editor()
        let tester = ViewModelTester(viewModel)
        viewModel.edit { $0.body = "My body" }
        await tester.expect(.dirty(FakeData.draft(title: "Document 1", body: "My body")))
        // Another device renamed the document and changed its body
        viewModel.receive(FakeData.document(id: 1, title: "Renamed elsewhere", body: "Their body", version: 2))
        // The user's body stays, the new title comes in
        await tester.expect(.dirty(FakeData.draft(title: "Renamed elsewhere", body: "My body")))
        await tester.finish()
        // And the save sends only the body, against version 2
        viewModel.save()
        await tester.expect(
            .saving(FakeData.draft(title: "Renamed elsewhere", body: "My body")),
            .saved(FakeData.document(id: 1, title: "Document 1", body: "My body", version: 2)))
        await tester.finish()
        #expect(await repository.calls == [.update(1, FakeData.changes(body: "My body"))])
    }

    @Test func aDraftThatNowMatchesIsClean() async {
        let viewModel = editor()
        let tester = ViewModelTester(viewModel)
        viewModel.edit { $0.title = "Same idea" }
        await tester.expect(.dirty(FakeData.draft(title: "Same idea", body: "Body")))
        viewModel.receive(FakeData.document(id: 1, title: "Same idea", version: 2))
        await tester.expect(.clean(FakeData.draft(title: "Same idea", body: "Body")))
        await tester.finish()
    }

    @Test func aSaveInFlightOrAnotherDocumentIsLeftAlone() async {
        let viewModel = editor()
        let tester = ViewModelTester(viewModel)
        viewModel.receive(FakeData.document(id: 2, title: "Another"))
        viewModel.edit { $0.title = "Mine" }
        let save = viewModel.save()
        // While the save runs (it has not reached the repository yet), a newer version arrives
        viewModel.receive(FakeData.document(id: 1, title: "Theirs", version: 2))
        await save?.value
        let mine = FakeData.draft(title: "Mine", body: "Body")
        await tester.expect(.dirty(mine), .saving(mine), .saved(FakeData.document(id: 1, title: "Mine", version: 2)))
        await tester.finish()
    }

    @Test func aDocumentMadeOnThisDeviceIsFollowedUnderTheServersIdentifier() async {
        let made = FakeData.document(id: -1, title: "Made offline")
        let viewModel = DocumentEditorViewModel(
            editing: made, draft: DocumentDraft(made), createDocument: CreateDocumentUseCase(repository: repository),
            updateDocument: UpdateDocumentUseCase(repository: repository),
            findConflict: FindConflictUseCase(repository: FakeSyncRepository()))
        let tester = ViewModelTester(viewModel)
        // The push gave it the server's identifier, and another device renamed it since
        let sent = FakeData.document(id: 4, title: "Renamed elsewhere", version: 2)
        viewModel.receive(sent)
        await tester.expect(.clean(DocumentDraft(sent)))
        await tester.finish()
        #expect(viewModel.saved == sent)
    }
}
