import Domain
import Presentation
import TestSupport
import Testing

@Suite("SyncViewModel")
struct SyncViewModelTests {
    let sync = FakeSyncRepository()

    @Test func progressThenTheReport() async {
        var report = SyncReport()
        report.pushed = 2
        report.serverVersion = 9
        let steps = [SyncProgress(phase: .push, done: 1, total: 2), SyncProgress(phase: .push, done: 2, total: 2)]
        await sync.script(progress: steps, outcome: .success(report))
        let viewModel = SyncViewModel(syncNow: SyncUseCase(repository: sync))
        let tester = ViewModelTester(viewModel)
        viewModel.sync()
        await tester.expect(.syncing(nil), .syncing(steps[0]), .syncing(steps[1]), .synced(report))
        await tester.finish()
    }

    @Test func anUnreachableServerIsAFailureThatKeepsTheQueue() async {
        await sync.script(progress: [], outcome: .failure(.offline(pending: 3)))
        let viewModel = SyncViewModel(syncNow: SyncUseCase(repository: sync))
        let tester = ViewModelTester(viewModel)
        viewModel.sync()
        await tester.expect(
            .syncing(nil),
            .failed(
                ViewFailure(message: "The server can't be reached; 3 changes stay queued", remedy: .retry, field: nil)))
        await tester.finish()
        #expect(viewModel.state.description == "failed(The server can't be reached; 3 changes stay queued)")
    }

    @Test func theViewModelIsReleased() async {
        weak var released: SyncViewModel?
        do {
            let viewModel = SyncViewModel(syncNow: SyncUseCase(repository: sync))
            released = viewModel
            await viewModel.sync().value
        }
        #expect(released == nil)
    }
}
