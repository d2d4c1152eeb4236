/// Something in the app's data changed: what screens showing it must refresh.
///
/// A save, a sync, a live event from the server and a write by another process of the app all
/// end in one of these, whatever their source.
public enum DataChange: Sendable, Hashable {
    /// These documents changed on this device (an id may be a local one, negative, whose
    /// document has just been given the server's id).
    case documents(Set<Document.ID>)
    /// These items of another collection (a generated feature's, such as `recipes`) changed on
    /// this device, by their identifiers.
    case items(collection: String, ids: Set<Int>)
    /// Another process changed the shared data without saying what: anything may have.
    case everything

    /// Whether a screen showing document `id` must refresh.
    public func touches(_ id: Document.ID) -> Bool {
        switch self {
        case .documents(let ids): ids.contains(id)
        case .items: false
        case .everything: true
        }
    }

    /// Whether a screen listing documents must refresh.
    public var touchesDocuments: Bool {
        switch self {
        case .documents, .everything: true
        case .items: false
        }
    }

    /// Whether a screen showing items of `collection` (a generated feature's) must refresh.
    public func touches(collection: String) -> Bool {
        switch self {
        case .documents: false
        case .items(let changed, _): changed == collection
        case .everything: true
        }
    }
}

/// Where changes to the app's data are announced.
public protocol ChangeFeedProtocol: Sendable {
    /// Every change from now on, in commit order, until the stream is dropped.
    func changes() -> AsyncStream<DataChange>
    /// How many changes the feed has announced since it was made (each reached every stream).
    var announcedCount: Int { get }
}

/// Follows the changes to the app's data, for screens that show it.
public struct ObserveChangesUseCase: Sendable {
    private let feed: any ChangeFeedProtocol

    /// Creates the use case over a feed.
    public init(feed: any ChangeFeedProtocol) {
        self.feed = feed
    }

    /// The changes from now on.
    ///
    /// ```swift
    /// for await change in ObserveChangesUseCase(feed: feed).execute() where change.touches(id) { reload() }
    /// ```
    public func execute() -> AsyncStream<DataChange> {
        feed.changes()
    }

    /// The changes from now on, with how many the feed had announced before them: a follower
    /// that has received `announced - before` of them has heard every change announced so far.
    public func executeCounted() -> (changes: AsyncStream<DataChange>, before: Int) {
        while true {
            let before = feed.announcedCount
            let stream = feed.changes()
            // An announcement between the two reads may or may not be in the stream: ask again.
            if feed.announcedCount == before { return (stream, before) }
        }
    }

    /// How many changes the feed has announced so far.
    public func announcedCount() -> Int { feed.announcedCount }
}
