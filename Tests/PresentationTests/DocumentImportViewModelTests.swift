import Domain
import Presentation
import TestSupport
import Testing

@Suite("DocumentImportViewModel")
struct DocumentImportViewModelTests {
    let repository = FakeDocumentRepository()

    func makeViewModel() -> DocumentImportViewModel {
        DocumentImportViewModel(importDocuments: ImportDocumentsUseCase(repository: repository), chunkSize: 2)
    }

    @Test func everyDocumentIsSavedInOrderAChunkAtATimeWithProgressAfterEach() async {
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        viewModel.start([
            FakeData.draft(title: " a "), FakeData.draft(title: "b"),
            FakeData.draft(title: "c"),
        ])
        await tester.expect(
            .importing(done: 0, total: 3), .importing(done: 2, total: 3), .importing(done: 3, total: 3),
            .finished(imported: 3))
        await tester.finish()
        let calls = await repository.calls
        #expect(
            calls.filter { $0 != .sendQueued } == [
                .queue([FakeData.draft(title: "a"), FakeData.draft(title: "b")]),
                .queue([FakeData.draft(title: "c")]),
            ])
        #expect(calls.last == .sendQueued, "the last chunk is sent before the import finishes")
    }

    @Test func savedChunksAreSentWhileTheNextAreSavedAndTheImportEndsAfterTheLastSend() async {
        await repository.holdSends()
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        viewModel.start(["a", "b", "c", "d"].map { FakeData.draft(title: $0) })
        // Both chunks are saved while the first send is still on its way, and the import waits for it.
        await tester.expect(.importing(done: 0, total: 4), .importing(done: 2, total: 4), .importing(done: 4, total: 4))
        #expect(viewModel.state == .importing(done: 4, total: 4))
        await repository.releaseSends()
        await tester.expect(.finished(imported: 4))
        await tester.finish()
        let calls = await repository.calls
        #expect(calls.filter { $0 == .sendQueued }.count == 2, "one more send for the chunk saved during the first")
        #expect(calls.last == .sendQueued)
    }

    @Test func aDraftThatBreaksARuleImportsNothing() async {
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        viewModel.start([
            FakeData.draft(title: "fine"), FakeData.draft(title: "  "),
        ])
        await tester.expect(
            .failed(
                imported: 0, total: 2,
                failure: ViewFailure(message: "record 2: The title can't be empty", remedy: .fixInput, field: "title")
            ))
        await tester.finish()
        #expect(await repository.calls.isEmpty)
    }

    @Test func aFailureStopsTheImportAndKeepsTheChunksSaved() async {
        await repository.failCreates(after: 2, with: .storageFailure)
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        viewModel.start(["a", "b", "c", "d"].map { FakeData.draft(title: $0) })
        await tester.expect(.importing(done: 0, total: 4), .importing(done: 2, total: 4))
        await tester.expect(
            .failed(
                imported: 2, total: 4,
                failure: ViewFailure(
                    message: "records 3-4: \(UserMessages.text(for: DocumentError.storageFailure))", remedy: .none,
                    field: nil)))
        await tester.finish()
        #expect(await repository.stored.count == 2)
    }

    /// An import read from a file names what failed where it is in the file, as the caller says.
    @Test func aFailureNamesTheDraftsAsTheCallerPlacesThem() async {
        let lines = ["line 1", "line 3", "line 4", "line 6"]
        let refused = makeViewModel()
        let refusedTester = ViewModelTester(refused)
        refused.start([FakeData.draft(title: "fine"), FakeData.draft(title: " ")]) { lines[$0.lowerBound] }
        await refusedTester.expect(
            .failed(
                imported: 0, total: 2,
                failure: ViewFailure(message: "line 3: The title can't be empty", remedy: .fixInput, field: "title")))
        await refusedTester.finish()
        await repository.failCreates(after: 2, with: .storageFailure)
        let failed = makeViewModel()
        let tester = ViewModelTester(failed)
        failed.start(["a", "b", "c", "d"].map { FakeData.draft(title: $0) }) {
            "\(lines[$0.lowerBound]) to \(lines[$0.upperBound - 1])"
        }
        await tester.expect(.importing(done: 0, total: 4), .importing(done: 2, total: 4))
        await tester.expect(
            .failed(
                imported: 2, total: 4,
                failure: ViewFailure(
                    message: "line 4 to line 6: \(UserMessages.text(for: DocumentError.storageFailure))",
                    remedy: .none, field: nil)))
        await tester.finish()
    }

    @Test func leavingTheScreenCancelsTheRest() async {
        await repository.holdWrites()
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        viewModel.start([FakeData.draft(title: "a"), FakeData.draft(title: "b")])
        await tester.expect(.importing(done: 0, total: 2))
        viewModel.onDisappear()
        await tester.expect(
            .failed(imported: 0, total: 2, failure: ViewFailure(message: "Cancelled", remedy: .none, field: nil)))
        await repository.releaseWrites()
        await tester.finish()
    }

    @Test func theViewModelIsReleased() async {
        weak var released: DocumentImportViewModel?
        do {
            let viewModel = makeViewModel()
            released = viewModel
            await viewModel.start([FakeData.draft(title: "a")]).value
        }
        #expect(released == nil)
    }
}
