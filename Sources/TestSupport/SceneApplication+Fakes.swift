import Clocks
import Domain
public import Platform
import Presentation

extension SceneApplication {
    /// The app's scenes (editors and browsers, with the app's activities) over fake repositories.
    @MainActor public static func strata(
        documents: FakeDocumentRepository, users: FakeUserRepository, store: any SceneStateStoreProtocol
    ) -> SceneApplication {
        let delegate = StrataSceneAppDelegate {
            DocumentEditorSceneDelegate(
                fetchDocument: FetchDocumentUseCase(repository: documents),
                createDocument: CreateDocumentUseCase(repository: documents),
                updateDocument: UpdateDocumentUseCase(repository: documents))
        } makeBrowser: {
            BrowserSceneDelegate(
                services: BrowserSceneDelegate.Services(
                    listDocuments: ListDocumentsUseCase(repository: documents),
                    searchDocuments: SearchDocumentsUseCase(repository: documents),
                    fetchUser: FetchUserUseCase(repository: users), clock: ImmediateClock()))
        }
        return SceneApplication(delegate: delegate, store: store, registry: .strata)
    }
}
