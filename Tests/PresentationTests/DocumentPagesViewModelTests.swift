import Domain
import Presentation
import TestSupport
import Testing

@Suite("DocumentPagesViewModel")
struct DocumentPagesViewModelTests {
    let repository = FakeDocumentRepository(documents: (1...5).map { FakeData.document(id: $0) })
    /// Newest change first: the fake's documents share a date, so the higher id comes first.
    var summaries: [DocumentSummary] { (1...5).reversed().map { FakeData.document(id: $0).summary } }

    func makeViewModel(pageSize: Int = 2) -> DocumentPagesViewModel {
        DocumentPagesViewModel(listDocuments: ListDocumentsUseCase(repository: repository), pageSize: pageSize)
    }

    @Test func pagesAreReadOneAtATimeUntilTheEnd() async {
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        viewModel.load()
        await tester.expect(.loading, .loaded(items: Array(summaries[0..<2]), provenance: .disk))
        viewModel.loadMore()
        await tester.expect(
            .loadingMore(items: Array(summaries[0..<2]), provenance: .disk),
            .loaded(items: Array(summaries[0..<4]), provenance: .disk))
        viewModel.loadMore()
        await tester.expect(
            .loadingMore(items: Array(summaries[0..<4]), provenance: .disk),
            .endReached(items: summaries, provenance: .disk))
        #expect(viewModel.loadMore() == nil)  // nothing after the end
        await tester.finish()
    }

    @Test func aListThatFitsOnePageEndsAtOnceAndAnEmptyOneIsEmpty() async {
        let whole = makeViewModel(pageSize: 10)
        let tester = ViewModelTester(whole)
        whole.load()
        await tester.expect(.loading, .endReached(items: summaries, provenance: .disk))
        await tester.finish()
        let none = DocumentPagesViewModel(listDocuments: ListDocumentsUseCase(repository: FakeDocumentRepository()))
        let emptyTester = ViewModelTester(none)
        none.load()
        await emptyTester.expect(.loading, .empty)
        #expect(none.loadMore() == nil)
        await emptyTester.finish()
    }

    @Test func aFailedNextPageKeepsThePagesAndCanBeTriedAgain() async {
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        viewModel.load()
        await tester.expect(.loading, .loaded(items: Array(summaries[0..<2]), provenance: .disk))
        await repository.setFailure(.unavailable)
        viewModel.loadMore()
        await tester.expect(
            .loadingMore(items: Array(summaries[0..<2]), provenance: .disk),
            .moreFailed(
                items: Array(summaries[0..<2]), provenance: .disk,
                failure: ViewFailure(
                    message: "The server can't be reached; try again later", remedy: .retry, field: nil)))
        await repository.setFailure(nil)
        viewModel.loadMore()
        await tester.expect(
            .loadingMore(items: Array(summaries[0..<2]), provenance: .disk),
            .loaded(items: Array(summaries[0..<4]), provenance: .disk))
        await tester.finish()
    }

    @Test func aFailedFirstPageIsShownInTheUsersWords() async {
        await repository.setFailure(.invalidCursor)
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        viewModel.load()
        await tester.expect(
            .loading,
            .failed(
                ViewFailure(
                    message: "That cursor does not belong to this list: use the next cursor the same list printed",
                    remedy: .fixInput, field: nil)))
        await tester.finish()
    }

    @Test func disappearingWhileTheNextPageLoadsGoesBackToThePagesShown() async {
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        viewModel.load()
        await tester.expect(.loading, .loaded(items: Array(summaries[0..<2]), provenance: .disk))
        await repository.holdReads()
        viewModel.loadMore()
        await tester.expect(.loadingMore(items: Array(summaries[0..<2]), provenance: .disk))
        viewModel.onDisappear()
        await tester.expect(.loaded(items: Array(summaries[0..<2]), provenance: .disk))
        await repository.releaseReads()
        await tester.finish()
    }
}
