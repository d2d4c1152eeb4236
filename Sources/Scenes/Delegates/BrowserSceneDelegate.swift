public import Domain
import Logging
public import Platform
public import Presentation

/// The "Default Configuration" scene: a browser window that shows the document list (searched
/// when it has a query), the list of a generated feature's items or one of them, or a user's
/// profile, and navigates when an activity is continued in it.
// Main-actor by this module's default; spelled out because a release build of a module that
// imports this one otherwise reads the class as nonisolated and rejects its isolated deinit.
@MainActor
public final class BrowserSceneDelegate: SceneDelegate {
    /// What the window shows.
    public enum Page: Equatable, Sendable {
        /// Nothing yet.
        case blank
        /// The document list, filtered by `query` when it is not empty.
        case documents(query: String, scrollPosition: Int)
        /// The items of a collection other than documents (a generated feature's), searched for
        /// `query` when it is not empty.
        case items(collection: String, query: String)
        /// One item of such a collection.
        case item(collection: String, id: Int)
        /// A user's profile.
        case profile(userId: Int)
    }

    /// What the window shows.
    public private(set) var page = Page.blank
    /// The list, while the page is an unfiltered document list.
    public private(set) var list: DocumentListViewModel?
    /// The search, while the page is a filtered document list.
    public private(set) var search: DocumentSearchViewModel?
    /// The profile, while the page is a profile.
    public private(set) var profile: UserProfileViewModel?
    /// The items, while the page is a collection's unfiltered list.
    public private(set) var items: ListViewModel<ListedItem>?
    /// The search, while the page is a collection's searched list.
    public private(set) var itemSearch: SearchViewModel<ListedItem>?
    /// The item, while the page is one item of a collection.
    public private(set) var item: ItemViewModel<ListedItem>?
    /// Where the items come from and what they are called, while the page is a collection's list
    /// or one of its items.
    public var itemSource: ItemListSource? {
        switch page {
        case .items(let collection, _), .item(let collection, _): services.itemLists[collection]
        case .blank, .documents, .profile: nil
        }
    }
    private let services: Services
    private let logger = Logger(label: "strata.presentation.scenes")

    /// The use cases and clock the browser's view models need.
    public struct Services {
        let listDocuments: ListDocumentsUseCase
        let searchDocuments: SearchDocumentsUseCase
        let fetchUser: FetchUserUseCase
        /// How each generated feature's items are listed, by collection.
        let itemLists: [String: ItemListSource]
        let clock: any Clock<Duration>

        /// Bundles the browser's dependencies.
        public init(
            listDocuments: ListDocumentsUseCase, searchDocuments: SearchDocumentsUseCase, fetchUser: FetchUserUseCase,
            itemLists: [String: ItemListSource], clock: any Clock<Duration>
        ) {
            self.listDocuments = listDocuments
            self.searchDocuments = searchDocuments
            self.fetchUser = fetchUser
            self.itemLists = itemLists
            self.clock = clock
        }
    }

    /// Creates the delegate.
    public init(services: Services) {
        self.services = services
    }

    isolated deinit {
        list?.onDisappear()
        search?.onDisappear()
        profile?.onDisappear()
        items?.onDisappear()
        itemSearch?.onDisappear()
        item?.onDisappear()
        logger.debug("deinit BrowserSceneDelegate")
    }

    /// Shows the requested activity, else the session's saved one, else the document list.
    public func scene(_ scene: Scene, willConnectTo session: SceneSession, options: SceneConnectionOptions) async {
        let activity = options.userActivities.first ?? session.stateRestorationActivity
        await show(activity.flatMap(Self.page(for:)) ?? .documents(query: "", scrollPosition: 0))
    }

    /// Navigates to the continued activity.
    public func scene(_ scene: Scene, continue activity: UserActivity) async {
        if let page = Self.page(for: activity) { await show(page) }
    }

    /// Cancels loads in flight.
    public func sceneDidDisconnect(_ scene: Scene) {
        list?.onDisappear()
        search?.onDisappear()
        profile?.onDisappear()
        items?.onDisappear()
        itemSearch?.onDisappear()
        item?.onDisappear()
    }

    /// The page shown, as an activity.
    public func stateRestorationActivity(for scene: Scene) -> UserActivity? {
        switch page {
        case .blank: nil
        case .documents(let query, let position):
            .documentList(DocumentListActivity(query: query, scrollPosition: position))
        case .items(let collection, let query):
            .itemList(
                ItemListActivity(collection: collection, query: query),
                title: services.itemLists[collection]?.title ?? collection)
        case .item(let collection, let id):
            .item(
                ItemActivity(collection: collection, itemId: id),
                title: services.itemLists[collection]?.title(of: id) ?? "\(collection)/\(id)")
        case .profile(let id): .userProfile(UserProfileActivity(userId: id))
        }
    }

    /// Remembers how far the list is scrolled.
    public func scroll(to position: Int) {
        guard case .documents(let query, _) = page else { return }
        page = .documents(query: query, scrollPosition: max(position, 0))
    }
}

// MARK: - Private

extension BrowserSceneDelegate {
    private static func page(for activity: UserActivity) -> Page? {
        if let list = activity.payload(as: DocumentListActivity.self) {
            return .documents(query: list.query, scrollPosition: list.scrollPosition)
        }
        if let profile = activity.payload(as: UserProfileActivity.self) { return .profile(userId: profile.userId) }
        if let list = activity.payload(as: ItemListActivity.self) {
            return .items(collection: list.collection, query: list.query)
        }
        if let shown = activity.payload(as: ItemActivity.self) {
            return .item(collection: shown.collection, id: shown.itemId)
        }
        return nil
    }

    /// Builds the page's view model and waits for its first load.
    private func show(_ next: Page) async {
        list?.onDisappear()
        search?.onDisappear()
        profile?.onDisappear()
        items?.onDisappear()
        itemSearch?.onDisappear()
        item?.onDisappear()
        (list, search, profile, items, itemSearch, item) = (nil, nil, nil, nil, nil, nil)
        page = next
        switch next {
        case .blank:
            break
        case .documents(let query, _) where query.isEmpty:
            let model = DocumentListViewModel(listDocuments: services.listDocuments)
            list = model
            await model.onAppear()?.value
        case .documents(let query, _):
            let model = SearchViewModel(searchDocuments: services.searchDocuments, clock: services.clock)
            search = model
            model.type(query)
            await model.searchNow()?.value
        case .items(let collection, let query) where !query.isEmpty:
            // A search of a collection this build cannot search shows an empty window, as an
            // unknown page would.
            guard let source = services.itemLists[collection], let search = source.search else { break }
            let model = SearchViewModel(
                name: "\(source.capitalizedNoun)SearchViewModel", clock: services.clock, debounce: .milliseconds(300),
                policy: .cacheFirst, search: search)
            itemSearch = model
            model.type(query)
            await model.searchNow()?.value
        case .items(let collection, _):
            // A collection this build does not list shows an empty window, as an unknown page would.
            guard let source = services.itemLists[collection] else { break }
            let model = ListViewModel(name: "\(source.title)ListViewModel", fetch: source.fetch)
            items = model
            await model.onAppear()?.value
        case .item(let collection, let id):
            guard let source = services.itemLists[collection] else { break }
            let fetchItem = source.fetchItem
            let model = ItemViewModel(name: "\(source.title)DetailViewModel") { policy in await fetchItem(id, policy) }
            item = model
            await model.onAppear()?.value
        case .profile(let id):
            let model = UserProfileViewModel(userNumber: id, fetchUser: services.fetchUser)
            profile = model
            await model.onAppear()?.value
        }
    }
}

extension BrowserSceneDelegate {
    /// Document text is covered while the scene is in the background.
    public var isPrivacySensitive: Bool { true }
}
