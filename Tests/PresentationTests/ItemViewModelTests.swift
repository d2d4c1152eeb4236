import Domain
import Presentation
import TestSupport
import Testing

@Suite("DocumentDetailViewModel and UserProfileViewModel")
struct ItemViewModelTests {
    let documents = FakeDocumentRepository(documents: [FakeData.document(id: 1)])
    let users = FakeUserRepository(users: [FakeData.user(id: 7)])

    func detail(_ id: Document.ID) -> DocumentDetailViewModel {
        DocumentDetailViewModel(id: id, fetchDocument: FetchDocumentUseCase(repository: documents))
    }

    @Test func aDocumentLoads() async {
        let viewModel = detail(1)
        let tester = ViewModelTester(viewModel)
        viewModel.onAppear(policy: .remoteOnly)
        await tester.expect(.loading, .loaded(FakeData.document(id: 1), provenance: .disk))
        await tester.finish()
        #expect(await documents.calls == [.document(1, .remoteOnly)])
        #expect(viewModel.state.item?.id == 1)
    }

    @Test func anUnknownIDFails() async {
        let missing = detail(9)
        let tester = ViewModelTester(missing)
        missing.onAppear()
        await tester.expect(
            .loading, .failed(ViewFailure(message: "Document 9 was not found", remedy: .pickAnother, field: nil)))
        await tester.finish()
    }

    @Test func aProfileSavedWithANumberThatIsNoUserFailsInWords() async {
        let invalid = UserProfileViewModel(userNumber: 0, fetchUser: FetchUserUseCase(repository: users))
        let tester = ViewModelTester(invalid)
        invalid.onAppear()
        await tester.expect(
            .loading,
            .failed(
                ViewFailure(
                    message: "Invalid user id 0: ids are positive whole numbers", remedy: .pickAnother, field: nil)))
        await tester.finish()
        #expect(await users.requestedIDs.isEmpty)
    }

    @Test func tracesNameTheScreenNotTheGenericType() {
        #expect(detail(1).traceName == "DocumentDetailViewModel")
        #expect(
            UserProfileViewModel(id: 7, fetchUser: FetchUserUseCase(repository: users)).traceName
                == "UserProfileViewModel")
    }

    @Test func disappearingMidLoadGoesBackToIdle() async {
        await documents.holdReads()
        let viewModel = detail(1)
        let tester = ViewModelTester(viewModel)
        viewModel.onAppear()
        viewModel.onDisappear()
        await documents.releaseReads()
        await tester.expect(.loading, .idle)
        await tester.finish()
    }

    @Test func aProfileLoadsAndFailuresAreWorded() async {
        let viewModel = UserProfileViewModel(id: 7, fetchUser: FetchUserUseCase(repository: users))
        let tester = ViewModelTester(viewModel)
        viewModel.onAppear()
        await tester.expect(.loading, .loaded(FakeData.user(id: 7), provenance: .disk))
        await users.setFailure(.unauthorized)
        viewModel.load()
        await tester.expect(.loading, .failed(ViewFailure(message: "Please log in again", remedy: .signIn, field: nil)))
        await tester.finish()
    }

    @Test func bothAreReleased() async {
        await ViewModelTester.expectDeallocation {
            detail(1)
        } exercise: {
            await $0.onAppear()?.value
        }
        await ViewModelTester.expectDeallocation {
            UserProfileViewModel(id: 7, fetchUser: FetchUserUseCase(repository: users))
        } exercise: {
            await $0.onAppear()?.value
        }
    }
}
