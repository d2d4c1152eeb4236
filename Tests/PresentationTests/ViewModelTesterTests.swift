import Domain
import Presentation
import TestSupport
import Testing

/// The harness must fail when it should; each failing case is asserted as a known issue.
@Suite("ViewModelTester catches every kind of mistake")
struct ViewModelTesterTests {
    let repository = FakeDocumentRepository(documents: [FakeData.document(id: 1)])

    func makeViewModel() -> DocumentListViewModel {
        DocumentListViewModel(listDocuments: ListDocumentsUseCase(repository: repository))
    }

    var loaded: DocumentListViewState { .loaded(items: [FakeData.document(id: 1).summary], provenance: .disk) }

    @Test func passesWhenEveryStateIsExpectedInOrder() async {
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        viewModel.onAppear()
        await tester.expect(.loading, loaded)
        await tester.finish()
    }

    @Test func failsWithADiffOnADifferentState() async {
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        viewModel.onAppear()
        await withKnownIssue {
            await tester.expect(.loading, .empty)
        } matching: { issue in
            issue.description.contains("State #2 differs")
        }
        await tester.finish()
    }

    @Test func failsWhenAnExpectedStateNeverArrives() async {
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel, timeout: .milliseconds(200))
        await withKnownIssue {
            await tester.expect(.loading)
        } matching: { issue in
            issue.description.contains("none arrived")
        }
        await tester.finish()
    }

    @Test func finishFailsOnAStateNobodyExpected() async {
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        await viewModel.onAppear()?.value
        await tester.expect(.loading)
        await withKnownIssue {
            await tester.finish()
        } matching: { issue in
            issue.description.contains("no expect() consumed")
        }
    }

    @Test func finishFailsWhileATaskIsStillRunning() async {
        await repository.holdReads()
        let viewModel = makeViewModel()
        let tester = ViewModelTester(viewModel)
        viewModel.onAppear()
        await tester.expect(.loading)
        await withKnownIssue {
            await tester.finish()
        } matching: { issue in
            issue.description.contains("still runs load")
        }
        await repository.releaseReads()
    }

    @Test func deallocationIsCheckedBothWays() async {
        await ViewModelTester.expectDeallocation {
            makeViewModel()
        } exercise: {
            await $0.onAppear()?.value
        }
        var keepAlive: DocumentListViewModel?
        await withKnownIssue {
            await ViewModelTester.expectDeallocation {
                makeViewModel()
            } exercise: {
                keepAlive = $0
            }
        } matching: { issue in
            issue.description.contains("was not deallocated")
        }
        #expect(keepAlive != nil)
    }
}
