import Domain
import Platform
import Presentation
import Scenes
import TestSupport
import Testing

/// A generated feature's item editor window, over a source whose items live in an actor: it
/// keeps its changed fields with the scene, as the document editor keeps its draft.
@Suite("Item editor scenes")
@MainActor
struct ItemEditorSceneTests {
    let store = InMemorySceneStateStore()
    let items = RecipeShelf()
    let sync = FakeSyncRepository()

    func application() -> SceneApplication {
        let items = items
        let source = ItemListSource(noun: "recipe", plural: "recipes", fields: ["title", "minutes"], search: nil) { _ in
            .failure(.cancelled)
        } fetchItem: { id, _ in
            await items.item(id).map { .success(Fetched($0, origin: .disk)) }
                ?? .failure(.failed(ViewFailure(message: "Recipe \(id) was not found", remedy: .none, field: nil)))
        } save: { saved, changes in
            await items.save(saved, changes)
        }
        return .strata(
            documents: FakeDocumentRepository(documents: []), users: FakeUserRepository(users: []), sync: sync,
            store: store, itemLists: ["recipes": source])
    }

    func editor(_ session: SceneSession?) throws -> ItemEditorSceneDelegate {
        try #require(session?.scene?.delegate as? ItemEditorSceneDelegate)
    }

    func open(_ itemId: Int?, in application: SceneApplication) async throws -> SceneSession {
        try await application.requestSceneSessionActivation(
            nil,
            userActivity: .itemEdit(
                ItemEditActivity(collection: "recipes", itemId: itemId, changes: [:]), noun: "recipe"))
    }

    @Test func aChangedFieldComesBackAfterARelaunchAndIsSavedOverTheItem() async throws {
        // Given an editor of recipe 3 with minutes changed, saved as the app would before it is killed
        let first = application()
        let session = try await open(3, in: first)
        #expect(session.configuration == StrataSceneAppDelegate.itemEditorConfiguration)
        #expect(try editor(session).set("minutes", to: "25"))
        try first.saveState()
        // When the app launches again
        let second = application()
        await second.launch()
        // Then the window is back with the change unsaved, and saving sends only that change
        let restored = try editor(second.activeSession)
        #expect(restored.editor?.state == .dirty(["minutes": "25"]))
        #expect(await items.saves.isEmpty)
        await restored.editor?.save()?.value
        #expect(await items.saves == [SavedChange(itemId: 3, changes: ["minutes": "25"])])
        #expect(restored.editor?.state == .saved(RecipeShelf.recipe(3, title: "Soup", minutes: "25", version: 2)))
        let payload = restored.stateRestorationActivity(for: try #require(second.activeSession?.scene))
        #expect(payload == .itemEdit(ItemEditActivity(collection: "recipes", itemId: 3, changes: [:]), noun: "recipe"))
        #expect(payload?.title == "Edit recipe 3")
    }

    @Test func typingTheSavedValueBackLeavesNothingToSaveAndAnUnknownFieldChangesNothing() async throws {
        let session = try await open(3, in: application())
        let editor = try editor(session)
        #expect(editor.set("minutes", to: "25"))
        #expect(editor.editor?.state == .dirty(["minutes": "25"]))
        #expect(editor.set("minutes", to: "20"))
        #expect(editor.editor?.state == .clean([:]))
        #expect(!editor.set("servings", to: "4"))
        #expect(editor.editor?.state == .clean([:]))
    }

    @Test func aRefusedSaveKeepsTheFieldsAndRevertDropsThem() async throws {
        let session = try await open(3, in: application())
        let editor = try editor(session)
        _ = editor.set("minutes", to: "soon")
        await editor.editor?.save()?.value
        let refused = ViewFailure(message: "minutes needs a whole number, not 'soon'", remedy: .none, field: nil)
        #expect(editor.editor?.state == .failed(["minutes": "soon"], failure: refused))
        #expect(
            editor.stateRestorationActivity(for: try #require(session.scene))?.payload(as: ItemEditActivity.self)?
                .changes == ["minutes": "soon"])
        editor.revert()
        #expect(editor.editor?.state == .clean([:]))
    }

    @Test func aNewItemTakesItsIdentifierOnceSaved() async throws {
        let session = try await open(nil, in: application())
        let editor = try editor(session)
        #expect(editor.editor?.state == .clean([:]))
        _ = editor.set("title", to: "Bread")
        _ = editor.set("minutes", to: "90")
        await editor.editor?.save()?.value
        #expect(await items.saves == [SavedChange(itemId: nil, changes: ["title": "Bread", "minutes": "90"])])
        #expect(editor.editor?.state == .saved(RecipeShelf.recipe(4, title: "Bread", minutes: "90", version: 1)))
        let payload = editor.stateRestorationActivity(for: try #require(session.scene))
        #expect(payload?.payload(as: ItemEditActivity.self)?.itemId == 4)
        // Once saved, it follows its collection's changes as an opened item does
        #expect(editor.shows(.items(collection: "recipes", ids: [4])))
    }

    @Test func anotherDevicesChangeReachesTheOpenWindowUnderTheTypedField() async throws {
        let editor = try editor(try await open(3, in: application()))
        _ = editor.set("minutes", to: "25")
        let typedInto = try #require(editor.editor)
        #expect(editor.shows(.items(collection: "recipes", ids: [3])))
        #expect(!editor.shows(.items(collection: "trips", ids: [3])) && !editor.shows(.documents([])))
        // When the recipe's title changes elsewhere and the window reads it again
        let renamed = RecipeShelf.recipe(3, title: "Tomato soup", minutes: "20", version: 2)
        await items.replace(renamed)
        await editor.reload()
        // Then the window shows the new title, and the minutes typed stay unsaved over it
        #expect(editor.editor === typedInto, "the editor the user types into stays")
        #expect(typedInto.saved == renamed)
        #expect(typedInto.state == .dirty(["minutes": "25"]))
        let new = try self.editor(try await open(nil, in: application()))
        #expect(!new.shows(.items(collection: "recipes", ids: [3])))
    }

    @Test func anItemThatCannotLoadKeepsTheRequestedChangesAndSaysWhy() async throws {
        let application = application()
        let session = try await application.requestSceneSessionActivation(
            nil,
            userActivity: .itemEdit(
                ItemEditActivity(collection: "recipes", itemId: 9, changes: ["minutes": "5"]), noun: "recipe"))
        let editor = try editor(session)
        #expect(editor.loadFailure == "Recipe 9 was not found")
        #expect(editor.editor == nil)
        #expect(!editor.set("minutes", to: "6"))
        #expect(
            editor.stateRestorationActivity(for: try #require(session.scene))?.payload(as: ItemEditActivity.self)?
                .changes == ["minutes": "5"])
    }

    @Test func aSaveTheServerContradictsLeavesTheWindowInConflictWithItsField() async throws {
        let application = application()
        let window = try editor(try await open(3, in: application))
        await items.contest()
        let versions = ItemConflict(
            entryId: 1, collection: "recipes", itemId: 3, operation: .update,
            local: FakeData.side(version: 1, fields: [.init(name: "minutes", value: .number("25"))]),
            remote: FakeData.side(version: 2, fields: [.init(name: "minutes", value: .number("40"))]))
        await sync.add(versions)
        #expect(window.set("minutes", to: "25"))
        await window.editor?.save()?.value
        #expect(window.editor?.state == .conflict(["minutes": "25"], versions: versions), "both versions, read for it")
        #expect(
            window.editor?.state.hasUnsavedChanges == true
                && window.editor?.state.description == "conflict(remote version 2)")
        #expect(window.editor?.saved?.syncState == .conflict)
    }
}

/// One save a window asked for.
nonisolated struct SavedChange: Equatable, Sendable {
    let itemId: Int?
    let changes: [String: String]
}

/// Recipe 3, and the recipes saved, as a feature's source reads and saves them; minutes must
/// be a whole number.
actor RecipeShelf {
    private var stored = [3: RecipeShelf.recipe(3, title: "Soup", minutes: "20", version: 1)]
    private(set) var saves: [SavedChange] = []
    /// Whether the server has changed the recipes too: a save is kept on the device, in conflict.
    private var contested = false

    func contest() { contested = true }

    static func recipe(_ id: Int, title: String, minutes: String, version: Int) -> ListedItem {
        ListedItem(
            id: id, fields: [.init(name: "title", text: title), .init(name: "minutes", text: minutes)],
            version: version, createdAt: FakeData.date, updatedAt: FakeData.date, syncState: .synced)
    }

    func item(_ id: Int) -> ListedItem? { stored[id] }

    func replace(_ item: ListedItem) { stored[item.id] = item }

    func save(_ saved: ListedItem?, _ changes: [String: String]) -> Result<ListedItem, ItemLoadFailure> {
        saves.append(SavedChange(itemId: saved?.id, changes: changes))
        if let minutes = changes["minutes"], Int(minutes) == nil {
            return .failure(
                .failed(
                    ViewFailure(message: "minutes needs a whole number, not '\(minutes)'", remedy: .none, field: nil)))
        }
        let id = saved?.id ?? 4
        let field = { (name: String) in changes[name] ?? saved?.fields.first { $0.name == name }?.text ?? "" }
        var item = Self.recipe(id, title: field("title"), minutes: field("minutes"), version: (saved?.version ?? 0) + 1)
        if contested {
            item = Self.recipe(id, title: field("title"), minutes: field("minutes"), version: saved?.version ?? 1)
            item.syncState = .conflict
        }
        stored[id] = item
        return .success(item)
    }
}
