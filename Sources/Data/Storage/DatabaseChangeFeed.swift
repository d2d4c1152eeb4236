public import Domain
import Foundation
import GRDB
import Synchronization

/// Announces every committed change to the items this device holds, of every collection, whoever
/// made it: a save (the outbox), a sync, a live event, a read that brought a newer version.
///
/// It watches the tables, not the callers: a GRDB transaction observer collects the ids of the
/// changed rows of each collection's table (which holds this device's version of an item while its
/// changes wait, and takes a created item under the server's id once sent) and announces them
/// once the transaction commits (a rolled-back one announces nothing): documents as
/// ``DataChange/documents(_:)``, the others as ``DataChange/items(collection:ids:)``. Another process's writes are not
/// seen here; the app learns of them from a cross-process signal and ``announce(_:)``s them.
public final class DatabaseChangeFeed: ChangeFeedProtocol, Sendable {
    fileprivate struct State {
        var subscribers: [UUID: AsyncStream<DataChange>.Continuation] = [:]
        var announced = 0
    }

    fileprivate let state = Mutex(State())
    /// The collection each followed table holds, by table.
    fileprivate let tables = Mutex<[String: String]>([DocumentRecord.databaseTableName: DocumentResource.collection])

    /// Creates a feed; ``AppDatabase`` makes the one that watches it.
    init() {}

    /// Every change from now on, in commit order.
    public func changes() -> AsyncStream<DataChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: DataChange.self)
        let key = UUID()
        state.withLock { $0.subscribers[key] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: key) }
        }
        return stream
    }

    /// Tells every subscriber of a change made elsewhere (another process).
    public func announce(_ change: DataChange) {
        // Counted and yielded under the lock, so a count read after it means every stream has it.
        state.withLock { state in
            state.announced += 1
            for subscriber in state.subscribers.values { subscriber.yield(change) }
        }
    }

    /// How many changes were announced so far.
    public var announcedCount: Int { state.withLock { $0.announced } }

    /// Announces the changes to `table`, which holds the items of `collection`, from now on.
    func follow(_ table: String, holding collection: String) {
        tables.withLock { $0[table] = collection }
    }

    /// The GRDB observer that feeds this feed (``AppDatabase`` adds it to its pool).
    var observer: some TransactionObserver { Observer(feed: self) }
}

// MARK: - Private

extension DatabaseChangeFeed {
    /// GRDB calls it on the writer's queue only, one transaction at a time, so the ids it collects
    /// need no lock.
    private final class Observer: TransactionObserver {
        let feed: DatabaseChangeFeed
        private var changed: [String: Set<Int>] = [:]

        init(feed: DatabaseChangeFeed) {
            self.feed = feed
        }

        /// Whether the observer wants the event: changes to the tables items live in.
        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
            feed.tables.withLock { $0[eventKind.tableName] != nil }
        }

        /// Collects a changed row's id (each table is keyed by the item's id).
        ///
        /// A statement this observer takes also reports what its triggers change (the search
        /// indexes' own tables, whose row ids are not items): only the followed tables' rows count.
        func databaseDidChange(with event: DatabaseEvent) {
            guard let collection = feed.tables.withLock({ $0[event.tableName] }), event.rowID != 0 else { return }
            changed[collection, default: []].insert(Int(event.rowID))
        }

        /// Announces what the transaction changed, a change per collection.
        func databaseDidCommit(_ db: Database) {
            guard !changed.isEmpty else { return }
            let announced = changed
            changed = [:]
            for (collection, ids) in announced.sorted(by: { $0.key < $1.key }) {
                if collection == DocumentResource.collection {
                    feed.announce(.documents(Set(ids.compactMap(Document.ID.init(rawValue:)))))
                } else {
                    feed.announce(.items(collection: collection, ids: ids))
                }
            }
        }

        /// Forgets what the transaction changed.
        func databaseDidRollback(_ db: Database) {
            changed = [:]
        }
    }
}
