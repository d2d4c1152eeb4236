public import Domain
import Foundation
import GRDB
import Synchronization

/// Announces every committed change to the documents this device holds, whoever made it: a save
/// (the outbox), a sync, a live event, a read that brought a newer version from the server.
///
/// It watches the table, not the callers: a GRDB transaction observer collects the ids of the
/// changed rows of `document` (which holds this device's version of a document while its changes
/// wait, and takes a created document under the server's id once sent) and announces them once the
/// transaction commits (a rolled-back one announces nothing). Another process's writes are not
/// seen here; the app learns of them from a cross-process signal and ``announce(_:)``s them.
public final class DatabaseChangeFeed: ChangeFeedProtocol, Sendable {
    fileprivate struct State {
        var subscribers: [UUID: AsyncStream<DataChange>.Continuation] = [:]
        var announced = 0
    }

    fileprivate static let tables: Set<String> = [DocumentRecord.databaseTableName]
    fileprivate let state = Mutex(State())

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

    /// The GRDB observer that feeds this feed (``AppDatabase`` adds it to its pool).
    var observer: some TransactionObserver { Observer(feed: self) }
}

// MARK: - Private

extension DatabaseChangeFeed {
    /// GRDB calls it on the writer's queue only, one transaction at a time, so the ids it collects
    /// need no lock.
    private final class Observer: TransactionObserver {
        let feed: DatabaseChangeFeed
        private var changed: Set<Document.ID> = []

        init(feed: DatabaseChangeFeed) {
            self.feed = feed
        }

        /// Whether the observer wants the event: changes to the tables documents live in.
        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
            DatabaseChangeFeed.tables.contains(eventKind.tableName)
        }

        /// Collects a changed row's id (the table is keyed by the document id).
        ///
        /// A statement this observer takes also reports what its triggers change (the search
        /// index's own tables, whose row ids are not documents): only these tables' rows count.
        func databaseDidChange(with event: DatabaseEvent) {
            guard DatabaseChangeFeed.tables.contains(event.tableName), let id = Document.ID(rawValue: Int(event.rowID))
            else { return }
            changed.insert(id)
        }

        /// Announces what the transaction changed.
        func databaseDidCommit(_ db: Database) {
            guard !changed.isEmpty else { return }
            let announced = changed
            changed = []
            feed.announce(.documents(announced))
        }

        /// Forgets what the transaction changed.
        func databaseDidRollback(_ db: Database) {
            changed = []
        }
    }
}
