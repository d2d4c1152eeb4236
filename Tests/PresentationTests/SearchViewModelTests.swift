import Clocks
import Domain
import Presentation
import TestSupport
import Testing

@Suite("SearchViewModel: debounced, latest query wins")
struct SearchViewModelTests {
    let clock = TestClock()
    let repository = FakeDocumentRepository(documents: [
        FakeData.document(id: 1, title: "Layer rules"), FakeData.document(id: 2, title: "Groceries"),
    ])

    func makeViewModel() -> DocumentSearchViewModel {
        SearchViewModel(searchDocuments: SearchDocumentsUseCase(repository: repository), clock: clock)
    }

    @Test func searchRunsThreeHundredMillisecondsAfterTheLastKeystroke() async {
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        viewModel.type("ru")
        await clock.advanceAndSettle(by: .milliseconds(200))
        viewModel.type("rules")
        await clock.advanceAndSettle(by: .milliseconds(299))
        #expect(viewModel.state == .idle)
        await clock.advanceAndSettle(by: .milliseconds(1))
        let hit = [FakeData.document(id: 1, title: "Layer rules").summary]
        await tester.expect(.searching(query: "rules"), .results(query: "rules", items: hit, provenance: .disk))
        await tester.finish()
        #expect(await repository.calls == [.search("rules", .cacheFirst)])
    }

    @Test func aNewQueryCancelsTheSearchInFlight() async throws {
        await repository.holdReads()
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        viewModel.type("rules")
        await clock.advanceAndSettle(by: .milliseconds(300))
        viewModel.type("groceries")
        await clock.advanceAndSettle(by: .milliseconds(300))
        try #require(await eventually { await repository.heldReads == 2 })
        await repository.releaseReads()
        let hit = [FakeData.document(id: 2, title: "Groceries").summary]
        await tester.expect(
            .searching(query: "rules"), .searching(query: "groceries"),
            .results(query: "groceries", items: hit, provenance: .disk)
        )
        await viewModel.tasks.waitUntilIdle()
        await tester.finish()
    }

    @Test func clearingTheQueryGoesBackToIdleAtOnce() async {
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        viewModel.type("zzz")
        await clock.advanceAndSettle(by: .milliseconds(300))
        await tester.expect(.searching(query: "zzz"), .noResults(query: "zzz"))
        viewModel.type("   ")
        await tester.expect(.idle)
        await clock.advanceAndSettle(by: .seconds(1))
        await tester.finish()
    }

    @Test func searchNowSkipsTheWaitAndFailuresAreWorded() async {
        await repository.setFailure(.unavailable)
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        viewModel.type("rules")
        await viewModel.searchNow()?.value
        await tester.expect(
            .searching(query: "rules"),
            .failed(
                query: "rules",
                failure: ViewFailure(
                    message: "The server can't be reached; try again later", remedy: .retry, field: nil))
        )
        await clock.advanceAndSettle(by: .seconds(1))
        await tester.finish()
    }

    @Test func theViewModelIsReleased() async {
        await ViewModelTester.expectDeallocation {
            makeViewModel()
        } exercise: { viewModel in
            viewModel.type("rules")
            await clock.advanceAndSettle(by: .milliseconds(300))
            await viewModel.tasks.waitUntilIdle()
        }
    }
}
