import Clocks
import Domain
public import Platform
public import Presentation
import Scenes

extension SceneApplication {
    /// The app's scenes (editors and browsers, with the app's activities) over fake repositories,
    /// listing a feature's items with `itemLists`.
    @MainActor public static func strata(
        documents: FakeDocumentRepository, users: FakeUserRepository, store: any SceneStateStoreProtocol,
        itemLists: [String: ItemListSource] = [:]
    ) -> SceneApplication {
        let delegate = StrataSceneAppDelegate {
            DocumentEditorSceneDelegate(
                fetchDocument: FetchDocumentUseCase(repository: documents),
                createDocument: CreateDocumentUseCase(repository: documents),
                updateDocument: UpdateDocumentUseCase(repository: documents))
        } makeItemEditor: {
            ItemEditorSceneDelegate(itemLists: itemLists)
        } makeBrowser: {
            BrowserSceneDelegate(
                services: BrowserSceneDelegate.Services(
                    listDocuments: ListDocumentsUseCase(repository: documents),
                    searchDocuments: SearchDocumentsUseCase(repository: documents),
                    fetchUser: FetchUserUseCase(repository: users), itemLists: itemLists, clock: ImmediateClock()))
        }
        return SceneApplication(delegate: delegate, store: store, registry: .strata)
    }
}
