public import Domain
public import Foundation

/// One item of a collection's list as a scene shows it, whatever the collection: its identifier
/// and its fields as text, in the feature's order.
nonisolated public struct ListedItem: Equatable, Sendable, SyncTracked, ServerIdentified {
    /// One field, by its name, as text.
    public struct Field: Equatable, Sendable {
        /// The field's name (`minutes`).
        public let name: String
        /// Its value, as the shell's tables show it.
        public let text: String

        /// A field.
        public init(name: String, text: String) {
            self.name = name
            self.text = text
        }
    }

    /// The item's identifier (negative while it is only on this device).
    public let id: Int
    /// Its fields.
    public let fields: [Field]
    /// The server's version of it.
    public let version: Int
    /// When it was made.
    public let createdAt: Date
    /// When it last changed: a list is ordered by it, newest first.
    public let updatedAt: Date
    /// Whether the server has this version.
    public var syncState: SyncState
    /// Whether the server issued ``id`` (this device issues negative ones).
    public var isIssuedByServer: Bool { id > 0 }

    /// An item as a list shows it.
    public init(id: Int, fields: [Field], version: Int, createdAt: Date, updatedAt: Date, syncState: SyncState) {
        self.id = id
        self.fields = fields
        self.version = version
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.syncState = syncState
    }
}

/// How the app shows one collection's items in a scene, as a list and one by one: a generated
/// feature gives its own, read through its list and fetch use cases.
nonisolated public struct ItemListSource: Sendable {
    /// Reads the item with an identifier under a policy, with failures already worded for the user.
    public typealias FetchItem = @Sendable (Int, ReadPolicy) async -> Result<Fetched<ListedItem>, ItemLoadFailure>

    /// What one item is called (`recipe`), for a count of one and an item's title.
    public let noun: String
    /// What several are called (`recipes`), for other counts and the list's title.
    public let plural: String
    /// Reads the items under a policy, with failures already worded for the user.
    public let fetch: ListViewModel<ListedItem>.Fetch
    /// Reads one item by its identifier (`strata://recipes/3`, `scene open item 3`).
    public let fetchItem: FetchItem
    /// Searches the items, or `nil` when the feature declares no searchable field.
    public let search: SearchViewModel<ListedItem>.Search?
    /// The names of the fields an editor window may change, in the feature's order.
    public let fields: [String]
    /// Saves an editor window's changed fields, typed as the user typed them, by field name: over
    /// the item as saved, or as a new item when it is `nil`.
    public let save: ItemEditorViewModel<ListedItem, [String: String]>.WordedSave

    /// A source.
    public init(
        noun: String, plural: String, fields: [String], search: SearchViewModel<ListedItem>.Search?,
        fetch: @escaping ListViewModel<ListedItem>.Fetch, fetchItem: @escaping FetchItem,
        save: @escaping ItemEditorViewModel<ListedItem, [String: String]>.WordedSave
    ) {
        self.noun = noun
        self.plural = plural
        self.fields = fields
        self.search = search
        self.fetch = fetch
        self.fetchItem = fetchItem
        self.save = save
    }

    /// The list's title: the plural with a capital (`Recipes`).
    public var title: String { plural.prefix(1).uppercased() + plural.dropFirst() }

    /// The noun with a capital (`Recipe`).
    public var capitalizedNoun: String { noun.prefix(1).uppercased() + noun.dropFirst() }

    /// Item `id`'s title: the noun with a capital and the identifier (`Recipe 3`).
    public func title(of id: Int) -> String { "\(capitalizedNoun) \(id)" }
}
