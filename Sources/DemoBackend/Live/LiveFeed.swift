import Dispatch
import Foundation
import GRDB
import Logging
import Signals
import Synchronization

/// Publishes every change to the server's resources, as it commits, to the live sockets: this
/// server's writes (a transaction observer on the `resource` table) and, when the data folder is
/// shared, the writes of the other servers on it (a ``FolderSignal`` in `signals/`).
///
/// Whatever woke it, the feed reads the change log after the last change it published, so each
/// change goes out once and in order.
final class LiveFeed: Sendable {
    /// One change, as the socket sends it.
    struct Event: Sendable, Equatable {
        let collection: String
        let id: Int
        let version: Int
        let deleted: Bool
        /// The collection's change number after this change.
        let serverVersion: Int

        /// The event as the socket sends it: a JSON text message.
        var text: String {
            #"{"type":"change","collection":"\#(collection)","id":\#(id),"version":\#(version),"#
                + #""deleted":\#(deleted),"serverVersion":\#(serverVersion)}"#
        }
    }

    private struct State {
        var published: [String: Int] = [:]
        var subscribers: [UUID: AsyncStream<String>.Continuation] = [:]
        var scheduled = false
    }

    private let database: ServerDatabase
    private let collections: [String]
    private let state = Mutex(State())
    private let signal: FolderSignal?
    private let queue = DispatchQueue(label: "strata.demo-backend.live")
    private let listening = Mutex<Task<Void, Never>?>(nil)
    private let logger: Logger

    /// A feed over `database`; `signals` is the folder the servers sharing the data signal in.
    init(database: ServerDatabase, collections: [String], signals: URL?, logger: Logger) {
        self.database = database
        self.collections = collections
        self.logger = logger
        signal = signals.flatMap { folder in try? FolderSignal(folder: folder, name: "changes") }
        state.withLock { $0.published = (try? Self.versions(collections, database)) ?? [:] }
        database.pool.add(transactionObserver: Observer(feed: self), extent: .databaseLifetime)
        if let heard = try? signal?.observe() {
            listening.withLock { task in
                task = Task.detached { [weak self] in
                    for await _ in heard { self?.schedule() }
                }
            }
        }
    }

    deinit {
        listening.withLock { $0?.cancel() }
    }

    /// A hello with each collection's change number now, then every change from now on, as the
    /// socket's text messages.
    func subscribe() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let key = UUID()
        state.withLock { state in
            state.subscribers[key] = continuation
            let versions = state.published.sorted { $0.key < $1.key }.map { #""\#($0.key)":\#($0.value)"# }
            continuation.yield(#"{"type":"hello","versions":{\#(versions.joined(separator: ","))}}"#)
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: key) }
        }
        return stream
    }

    /// Closes every open socket (a fault: the clients must reconnect and catch up).
    func dropAll() {
        let dropped = state.withLock { state in
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for subscriber in dropped { subscriber.finish() }
    }

    /// Sends `text` on every open socket as it is (a fault: a malformed event).
    func sendRaw(_ text: String) {
        for subscriber in state.withLock({ Array($0.subscribers.values) }) { subscriber.yield(text) }
    }

    /// Forgets what was published (the data was reset: change numbers start over).
    func restart() {
        state.withLock { $0.published = [:] }
        schedule()
    }

    /// How many sockets are open.
    var subscriberCount: Int { state.withLock { $0.subscribers.count } }
}

// MARK: - Private

extension LiveFeed {
    /// A resource changed here: tell the other servers on the folder, and publish.
    private func committed() {
        try? signal?.post()
        schedule()
    }

    /// Publishes what changed, once, however many commits asked meanwhile.
    private func schedule() {
        let first = state.withLock { state in
            defer { state.scheduled = true }
            return !state.scheduled
        }
        guard first else { return }
        queue.async { [weak self] in self?.publish() }
    }

    private func publish() {
        let since = state.withLock { state in
            state.scheduled = false
            return state.published
        }
        let events: [Event]
        do {
            events = try database.pool.read { db in try Self.changes(after: since, collections, db) }
        } catch {
            logger.error("live feed: cannot read the change log: \(error)")
            return
        }
        guard !events.isEmpty else { return }
        let subscribers = state.withLock { state in
            for event in events { state.published[event.collection] = event.serverVersion }
            return Array(state.subscribers.values)
        }
        let texts = events.map(\.text)
        for subscriber in subscribers {
            for text in texts { subscriber.yield(text) }
        }
    }

    private static func versions(_ collections: [String], _ database: ServerDatabase) throws -> [String: Int] {
        try database.pool.read { db in
            var versions: [String: Int] = [:]
            for collection in collections {
                versions[collection] =
                    try Int.fetchOne(
                        db, sql: "SELECT MAX(changed_at) FROM resource WHERE collection = ?", arguments: [collection])
                    ?? 0
            }
            return versions
        }
    }

    private static func changes(after since: [String: Int], _ collections: [String], _ db: Database) throws -> [Event] {
        var events: [Event] = []
        for collection in collections {
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, version, deleted, changed_at FROM resource
                    WHERE collection = ? AND changed_at > ? ORDER BY changed_at
                    """,
                arguments: [collection, since[collection] ?? 0])
            events += try rows.map { row in
                Event(
                    collection: collection, id: try row.decode(Int.self, forColumn: "id"),
                    version: try row.decode(Int.self, forColumn: "version"),
                    deleted: try row.decode(Bool.self, forColumn: "deleted"),
                    serverVersion: try row.decode(Int.self, forColumn: "changed_at"))
            }
        }
        return events
    }

    /// Hears this server's commits that touched a resource.
    private final class Observer: TransactionObserver {
        private weak var feed: LiveFeed?
        private let touched = Mutex(false)

        init(feed: LiveFeed) {
            self.feed = feed
        }

        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
            eventKind.tableName == "resource"
        }

        func databaseDidChange(with event: DatabaseEvent) {
            touched.withLock { $0 = true }
        }

        func databaseDidCommit(_ db: Database) {
            if touched.withLock({ value in
                defer { value = false }
                return value
            }) {
                feed?.committed()
            }
        }

        func databaseDidRollback(_ db: Database) {
            touched.withLock { $0 = false }
        }
    }
}
