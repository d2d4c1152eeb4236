import Domain
import Presentation
import TestSupport
import Testing

@Suite("DocumentImportViewModel")
struct DocumentImportViewModelTests {
    let repository = FakeDocumentRepository()

    func makeViewModel() -> DocumentImportViewModel {
        DocumentImportViewModel(createDocument: CreateDocumentUseCase(repository: repository))
    }

    @Test func everyDocumentIsSavedInOrderWithProgressAfterEach() async {
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        viewModel.start([DocumentDraft(title: "a"), DocumentDraft(title: "b"), DocumentDraft(title: "c")])
        await tester.expect(
            .importing(done: 0, total: 3), .importing(done: 1, total: 3), .importing(done: 2, total: 3),
            .importing(done: 3, total: 3), .finished(imported: 3))
        await tester.finish()
        #expect(await repository.calls == ["a", "b", "c"].map { .create(DocumentDraft(title: $0)) })
    }

    @Test func aDraftThatBreaksARuleImportsNothing() async {
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        viewModel.start([DocumentDraft(title: "fine"), DocumentDraft(title: "  ")])
        await tester.expect(.failed(imported: 0, total: 2, message: "record 2: A title is required"))
        await tester.finish()
        #expect(await repository.calls.isEmpty)
    }

    @Test func aServerFailureStopsTheImportAndKeepsWhatWasSaved() async {
        await repository.failCreates(after: 1, with: .unavailable)
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        viewModel.start([DocumentDraft(title: "a"), DocumentDraft(title: "b")])
        await tester.expect(.importing(done: 0, total: 2), .importing(done: 1, total: 2))
        await tester.expect(
            .failed(imported: 1, total: 2, message: "record 2: The server can't be reached; try again later"))
        await tester.finish()
    }

    @Test func leavingTheScreenCancelsTheRest() async {
        await repository.holdWrites()
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        viewModel.start([DocumentDraft(title: "a"), DocumentDraft(title: "b")])
        await tester.expect(.importing(done: 0, total: 2))
        viewModel.onDisappear()
        await tester.expect(.failed(imported: 0, total: 2, message: "Cancelled"))
        await repository.releaseWrites()
        await tester.finish()
    }

    @Test func theViewModelIsReleased() async {
        weak var released: DocumentImportViewModel?
        do {
            let viewModel = makeViewModel()
            released = viewModel
            await viewModel.start([DocumentDraft(title: "a")]).value
        }
        #expect(released == nil)
    }
}
