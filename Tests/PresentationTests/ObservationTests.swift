import Domain
import Observation
import Presentation
import Synchronization
import TestSupport
import Testing

/// What a SwiftUI view (or a UIKit controller tracking its model) relies on: reading `state` inside
/// `withObservationTracking` registers the view, and the next change tells it to redraw.
@Suite("View models under Observation")
struct ObservationTests {
    let documents = FakeDocumentRepository(documents: [FakeData.document(id: 1)])

    @Test func aViewThatReadsTheStateIsToldWhenItChangesAndReadsTheLatest() async {
        let viewModel = DocumentDetailViewModel(id: 1, fetchDocument: FetchDocumentUseCase(repository: documents))
        let tester = ViewModelTester(viewModel)
        let redraws = Redraws()
        redraws.track(viewModel)
        viewModel.onAppear()
        #expect(redraws.count == 1, "setting loading tells the view at once")
        redraws.track(viewModel)  // a view tracks again each time it renders
        await tester.expect(.loading, .loaded(FakeData.document(id: 1), provenance: .disk))
        #expect(redraws.count == 2)
        #expect(viewModel.state == .loaded(FakeData.document(id: 1), provenance: .disk))
        await tester.finish()
    }

    @Test func aViewTrackingOnceIsToldOnceWhileTheTesterSeesEveryState() async {
        // Observation coalesces: one registration hears the first change only. The transitions
        // log is what keeps every state for traces and tests.
        let viewModel = ListViewModel<Int>(name: "Probe") { _ in .success(Fetched([1, 2], origin: .memory)) }
        let tester = ViewModelTester(viewModel)
        let redraws = Redraws()
        redraws.track(viewModel)
        await viewModel.load().value
        viewModel.refresh()
        await viewModel.tasks.waitUntilIdle()
        #expect(redraws.count == 1)
        await tester.expect(
            .loading, .loaded(items: [1, 2], provenance: Provenance(origin: .memory)),
            .refreshing(items: [1, 2], provenance: Provenance(origin: .memory)),
            .loaded(items: [1, 2], provenance: Provenance(origin: .memory)))
        await tester.finish()
    }

    @Test func settingTheSameStateTellsTheLogNothing() async {
        let viewModel = ListViewModel<Int>(name: "Probe") { _ in .success(Fetched([], origin: .disk)) }
        let tester = ViewModelTester(viewModel)
        await viewModel.load().value
        viewModel.onDisappear()  // from empty: nothing to put back
        await tester.expect(.loading, .empty)
        await tester.finish()
    }

    @Test func aViewModelReleasedWhileItsLoadRunsPublishesNothingAndIsFreed() async {
        let (gate, open) = AsyncStream<Void>.makeStream()
        weak var released: ListViewModel<Int>?
        let states: AsyncStream<ListViewState<Int>>
        do {
            let viewModel = ListViewModel<Int>(name: "Probe") { _ in
                for await _ in gate { break }  // waits until the test opens the gate, or is cancelled
                return .success(Fetched([1], origin: .disk))
            }
            released = viewModel
            states = viewModel.states()
            viewModel.onAppear()
        }
        #expect(released == nil, "the running load does not keep the view model alive")
        open.yield()
        open.finish()
        var seen: [ListViewState<Int>] = []
        for await state in states { seen.append(state) }  // ends when the view model is gone
        #expect(seen == [.loading], "nothing is published after the view model went away")
    }
}

/// Counts the redraws a view would do: each `track` is one render reading `state`.
private final class Redraws: Sendable {
    private let changes = Mutex(0)

    var count: Int { changes.withLock { $0 } }

    @MainActor func track<Model: StatefulViewModel>(_ model: Model) {
        withObservationTracking {
            _ = model.state
        } onChange: { [self] in
            changes.withLock { $0 += 1 }
        }
    }
}
