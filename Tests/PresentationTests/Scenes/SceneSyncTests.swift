import Clocks
import Domain
import Platform
import Presentation
import Scenes
import TestSupport
import Testing

@Suite("Scenes follow the data")
struct SceneSyncTests {
    let documents = FakeDocumentRepository(documents: [
        FakeData.document(id: 1), FakeData.document(id: 2, title: "Draft plan"),
    ])
    let feed = FakeChangeFeed()
    let clock = TestClock()

    func application() -> SceneApplication {
        .strata(
            documents: documents, users: FakeUserRepository(users: [FakeData.user(id: 7)]), sync: FakeSyncRepository(),
            store: InMemorySceneStateStore())
    }

    /// A list, an editor of document 2 and a profile, followed by a started ``SceneSync``.
    func openScenes() async throws -> (
        SceneApplication, SceneSync, list: BrowserSceneDelegate,
        editor: DocumentEditorSceneDelegate
    ) {
        let scenes = application()
        let list = try await scenes.requestSceneSessionActivation(
            nil, userActivity: .documentList(.init(query: "", scrollPosition: 0)))
        let editor = try await scenes.requestSceneSessionActivation(
            nil, userActivity: .documentEdit(.opening(2)))
        try await scenes.requestSceneSessionActivation(nil, userActivity: .userProfile(.init(userId: 7)))
        let sync = SceneSync(
            scenes: scenes, changes: ObserveChangesUseCase(feed: feed), interval: .milliseconds(100), clock: clock)
        sync.start()
        await Task.yield()
        return (
            scenes, sync, try #require(list.scene?.delegate as? BrowserSceneDelegate),
            try #require(editor.scene?.delegate as? DocumentEditorSceneDelegate)
        )
    }

    func titles(_ browser: BrowserSceneDelegate) -> [String] {
        guard case .loaded(let items, _)? = browser.list?.state else { return [] }
        return items.map(\.title)
    }

    @Test func aBurstReloadsAScenesAtOnceAndOnceMoreAtTheEnd() async throws {
        let (_, sync, list, editor) = try await openScenes()
        // Given document 1 renamed, and five announcements of it in a row
        await documents.put(FakeData.document(id: 1, title: "Renamed", version: 2))
        for _ in 0..<5 { feed.send(.documents([FakeData.documentID(1)])) }
        // Then after one frame (the batcher's interval) the list reloaded once, the editor of
        // document 2 not at all
        await clock.advanceAndSettle(by: .milliseconds(15))
        #expect(sync.received == 5 && sync.reloads == 0)
        await clock.advanceAndSettle(by: .milliseconds(1))
        #expect(sync.reloads == 1 && titles(list).contains("Renamed"))
        #expect(editor.editor?.state == .clean(DocumentDraft(FakeData.document(id: 2, title: "Draft plan"))))
        // When more arrive, frame after frame, while the list's window is open
        for _ in 0..<3 {
            feed.send(.documents([FakeData.documentID(1)]))
            await clock.advanceAndSettle(by: .milliseconds(16))
        }
        #expect(sync.reloads == 1)
        // Then once the window ends the last gets its reload, and no more follow
        await clock.advanceAndSettle(by: .milliseconds(100))
        #expect(sync.reloads == 2)
        await clock.advanceAndSettle(by: .milliseconds(500))
        #expect(sync.reloads == 2 && !sync.isBusy && sync.batchInterval == .milliseconds(16))
    }

    @Test func anEditorReloadsOnlyForItsDocument() async throws {
        let (_, sync, _, editor) = try await openScenes()
        await documents.put(FakeData.document(id: 2, title: "Plan, revised", version: 2))
        feed.send(.documents([FakeData.documentID(2)]))
        await clock.advanceAndSettle(by: .milliseconds(16))
        // The list and the editor reloaded; the profile shows no document
        #expect(sync.reloads == 2)
        #expect(editor.editor?.state == .clean(DocumentDraft(FakeData.document(id: 2, title: "Plan, revised"))))
    }

    @Test func anotherProcessesChangeReloadsEveryDocumentScene() async throws {
        let (_, sync, _, _) = try await openScenes()
        feed.send(.everything)
        await clock.advanceAndSettle(by: .milliseconds(16))
        #expect(sync.reloads == 2)
    }

    @Test func catchingUpRunsTheHeldBackReloadAtOnce() async throws {
        let (_, sync, list, _) = try await openScenes()
        feed.send(.documents([FakeData.documentID(1)]))
        await clock.advanceAndSettle(by: .milliseconds(16))
        await documents.put(FakeData.document(id: 1, title: "Renamed again", version: 3))
        feed.send(.documents([FakeData.documentID(1)]))
        // No time passes: the user looks at the screen
        await sync.catchUp()
        #expect(sync.reloads == 2 && titles(list).contains("Renamed again"))
    }

    @Test func aClosedSceneIsNotReloaded() async throws {
        let (scenes, sync, _, _) = try await openScenes()
        try scenes.requestSceneSessionDestruction(try scenes.session("s1"))
        feed.send(.documents([FakeData.documentID(1)]))
        await clock.advanceAndSettle(by: .milliseconds(16))
        #expect(sync.reloads == 0)
    }

    @Test func aFeaturesListAndItemInScenesReloadForItsOwnItemsOnly() async throws {
        // Given scenes listing a feature's items and showing one, whose source counts its reads
        let reads = Counter()
        let read = { @Sendable (id: Int) async in
            ListedItem(
                id: id, fields: [.init(name: "title", text: "read \(await reads.increment())")], version: 1,
                createdAt: FakeData.date, updatedAt: FakeData.date, syncState: .synced)
        }
        let source = ItemListSource(noun: "recipe", plural: "recipes", fields: ["title"], search: nil) { _ in
            .success(Fetched([await read(1)], origin: .disk))
        } fetchItem: { id, _ in
            .success(Fetched(await read(id), origin: .disk))
        } save: { _, _ in
            .failure(.cancelled)
        }
        let scenes = SceneApplication.strata(
            documents: documents, users: FakeUserRepository(users: []), sync: FakeSyncRepository(),
            store: InMemorySceneStateStore(),
            itemLists: ["recipes": source])
        let listed = try await scenes.requestSceneSessionActivation(
            nil, userActivity: .itemList(ItemListActivity(collection: "recipes", query: ""), title: "Recipes"))
        let shown = try await scenes.requestSceneSessionActivation(
            nil, userActivity: .item(ItemActivity(collection: "recipes", itemId: 3), title: "Recipe 3"))
        let list = try #require(listed.scene?.delegate as? BrowserSceneDelegate)
        let page = try #require(shown.scene?.delegate as? BrowserSceneDelegate)
        #expect(page.page == .item(collection: "recipes", id: 3))
        let sync = SceneSync(
            scenes: scenes, changes: ObserveChangesUseCase(feed: feed), interval: .milliseconds(100), clock: clock)
        sync.start()
        await Task.yield()
        #expect(list.stateRestorationActivity(for: try #require(listed.scene))?.title == "Recipes")
        #expect(
            page.stateRestorationActivity(for: try #require(shown.scene))
                == .item(ItemActivity(collection: "recipes", itemId: 3), title: "Recipe 3"))
        // When documents and another feature change, then neither reloads; when its own items do, both do
        feed.send(.documents([FakeData.documentID(1)]))
        feed.send(.items(collection: "trips", ids: [1]))
        await clock.advanceAndSettle(by: .milliseconds(16))
        #expect(sync.reloads == 0)
        feed.send(.items(collection: "recipes", ids: [1]))
        await clock.advanceAndSettle(by: .milliseconds(16))
        #expect(sync.reloads == 2)
        guard case .loaded(let items, _)? = list.items?.state, case .loaded(let item, _)? = page.item?.state else {
            Issue.record(
                "a page did not load: \(String(describing: list.items?.state)), \(String(describing: page.item?.state))"
            )
            return
        }
        // Each page read once when it opened and once again
        #expect(Set([items.first?.fields.first?.text, item.fields.first?.text]) == ["read 3", "read 4"])
        #expect(item.id == 3)
    }
}

extension SceneSyncTests {
    @Test func aFeaturesSearchedListOpensFromItsQueryAndFollowsItsItems() async throws {
        // Given a feature whose search counts its runs and returns the matches of the query typed
        let runs = Counter()
        let source = ItemListSource.searchingOnly(noun: "recipe", plural: "recipes", fields: ["title"]) { query, _ in
            let run = await runs.increment()
            let match = ListedItem(
                id: 1, fields: [.init(name: "title", text: "\(query) \(run)")], version: 1, createdAt: FakeData.date,
                updatedAt: FakeData.date,
                syncState: .synced)
            return .success(Fetched([match], origin: .index))
        }
        let scenes = SceneApplication.strata(
            documents: documents, users: FakeUserRepository(users: []), sync: FakeSyncRepository(),
            store: InMemorySceneStateStore(),
            itemLists: ["recipes": source])
        let activity = UserActivity.itemList(ItemListActivity(collection: "recipes", query: "soup"), title: "Recipes")
        let session = try await scenes.requestSceneSessionActivation(nil, userActivity: activity)
        let browser = try #require(session.scene?.delegate as? BrowserSceneDelegate)
        // Then the window searches, and saves the query with the page
        #expect(browser.page == .items(collection: "recipes", query: "soup"))
        #expect(browser.items == nil)
        #expect(browser.itemSearch?.query == "soup")
        #expect(
            browser.stateRestorationActivity(for: try #require(session.scene))?.title == #"Recipes matching "soup""#)
        // When its items change, it searches again
        let sync = SceneSync(
            scenes: scenes, changes: ObserveChangesUseCase(feed: feed), interval: .milliseconds(100), clock: clock)
        sync.start()
        await Task.yield()
        feed.send(.items(collection: "recipes", ids: [1]))
        await clock.advanceAndSettle(by: .milliseconds(16))
        #expect(sync.reloads == 1)
        guard case .results(_, let items, _)? = browser.itemSearch?.state else {
            Issue.record("no results: \(String(describing: browser.itemSearch?.state))")
            return
        }
        #expect(items.first?.fields.first?.text == "soup 2")
    }
}

/// Counts calls from any task.
private actor Counter {
    private var value = 0

    func increment() -> Int {
        value += 1
        return value
    }
}
