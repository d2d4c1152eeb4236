import Clocks
import Domain
public import Platform
public import Presentation
import Scenes

extension SceneApplication {
    /// The app's scenes (editors and browsers, with the app's activities) over fake repositories,
    /// listing a feature's items with `itemLists`; the editors read a save's conflict from `sync`.
    @MainActor public static func strata(
        documents: FakeDocumentRepository, users: FakeUserRepository, sync: FakeSyncRepository,
        store: any SceneStateStoreProtocol, itemLists: [String: ItemListSource] = [:]
    ) -> SceneApplication {
        let delegate = StrataSceneAppDelegate {
            DocumentEditorSceneDelegate(
                fetchDocument: FetchDocumentUseCase(repository: documents),
                createDocument: CreateDocumentUseCase(repository: documents),
                updateDocument: UpdateDocumentUseCase(repository: documents),
                findConflict: FindConflictUseCase(repository: sync))
        } makeItemEditor: {
            ItemEditorSceneDelegate(itemLists: itemLists, findConflict: FindConflictUseCase(repository: sync))
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
