import Domain
import Presentation
import TestSupport
import Testing

@Suite("DocumentListViewModel")
struct DocumentListViewModelTests {
    let repository = FakeDocumentRepository(documents: [FakeData.document(id: 1), FakeData.document(id: 2)])
    let summaries = [FakeData.document(id: 2).summary, FakeData.document(id: 1).summary]

    func makeViewModel() -> DocumentListViewModel {
        DocumentListViewModel(listDocuments: ListDocumentsUseCase(repository: repository))
    }

    @Test func appearingLoadsTheDocuments() async {
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        viewModel.onAppear()
        await tester.expect(.loading, .loaded(items: summaries, provenance: .disk))
        await tester.finish()
        #expect(viewModel.state.items.count == 2 && !viewModel.state.isBusy)
    }

    @Test func noDocumentsIsEmpty() async {
        let viewModel = DocumentListViewModel(listDocuments: ListDocumentsUseCase(repository: FakeDocumentRepository()))
        let tester = ViewModelTester(viewModel)
        viewModel.onAppear()
        await tester.expect(.loading, .empty)
        await tester.finish()
    }

    @Test(
        "Each error is shown in the user's words, with what the screen may offer",
        arguments: [
            (
                DocumentError.unavailable,
                ViewFailure(message: "The server can't be reached; try again later", remedy: .retry, field: nil)
            ),
            (.unauthorized, ViewFailure(message: "Please log in again", remedy: .signIn, field: nil)),
            (.invalidData, ViewFailure(message: "The server sent data the app can't read", remedy: .none, field: nil)),
            (.notCached, ViewFailure(message: "Not available offline", remedy: .pickAnother, field: nil)),
        ])
    func errorsAreMapped(error: DocumentError, failure: ViewFailure) async {
        await repository.setFailure(error)
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        viewModel.onAppear()
        await tester.expect(.loading, .failed(failure))
        await tester.finish()
    }

    @Test func disappearingMidLoadCancelsAndPublishesNothingMore() async {
        await repository.holdReads()
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        viewModel.onAppear()
        await tester.expect(.loading)
        viewModel.onDisappear()
        await tester.expect(.idle)
        await repository.releaseReads()
        await tester.finish()
    }

    @Test func theLatestOfTwoQuickLoadsWins() async throws {
        await repository.holdReads()
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        let first = viewModel.load()
        let second = viewModel.load(policy: .networkFirst)
        try #require(await eventually { await repository.heldReads == 2 })
        await repository.releaseReads()
        await first.value
        await second.value
        // One loading, one result: the cancelled first load never published.
        await tester.expect(.loading, .loaded(items: summaries, provenance: .disk))
        await tester.finish()
    }

    @Test func refreshKeepsTheOldItemsOnScreen() async {
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        await viewModel.onAppear()?.value
        await tester.expect(.loading, .loaded(items: summaries, provenance: .disk))
        await repository.put(FakeData.document(id: 3))
        await repository.setOrigin(.network)
        viewModel.refresh()
        let refreshed = [FakeData.document(id: 3).summary] + summaries
        await tester.expect(
            .refreshing(items: summaries, provenance: .disk), .loaded(items: refreshed, provenance: .network))
        await tester.finish()
        #expect(await repository.calls.last == .documents(.networkFirst))
    }

    @Test func disappearingMidRefreshKeepsTheOldItems() async {
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        await viewModel.onAppear()?.value
        await repository.holdReads()
        viewModel.refresh()
        viewModel.onDisappear()
        await repository.releaseReads()
        await tester.expect(
            .loading, .loaded(items: summaries, provenance: .disk), .refreshing(items: summaries, provenance: .disk),
            .loaded(items: summaries, provenance: .disk)
        )
        await tester.finish()
    }

    @Test func aSecondAppearIsIgnoredAndADisappearBeforeAppearDoesNothing() async {
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        viewModel.onDisappear()
        let first = viewModel.onAppear()
        let second = viewModel.onAppear()
        #expect(second == nil)
        await first?.value
        #expect(viewModel.onAppear() == nil)
        await tester.expect(.loading, .loaded(items: summaries, provenance: .disk))
        await tester.finish()
        #expect(await repository.calls.count == 1)
    }

    @Test func theViewModelIsReleased() async {
        await ViewModelTester.expectDeallocation {
            makeViewModel()
        } exercise: {
            await $0.onAppear()?.value
        }
        await repository.holdReads()
        await ViewModelTester.expectDeallocation {
            makeViewModel()
        } exercise: {
            $0.onAppear()
        }
        await repository.releaseReads()
    }

    @Test func statesDescribeThemselvesForTraces() {
        #expect(
            DocumentListViewState.loaded(items: summaries, provenance: .disk).description
                == "loaded(2 items, origin: disk)")
        #expect(
            DocumentListViewState.failed(ViewFailure(message: "Nope", remedy: .retry, field: nil)).description
                == "failed(Nope)")
    }
}
