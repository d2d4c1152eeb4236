package import Domain
package import Foundation
import GRDB
import Logging
import Synchronization

/// One collection's items, offline first, on the one sync engine: documents and every generated
/// feature are each one of these.
///
/// Reads go through a cache-backed data source over the collection's table and
/// `GET /<collection>/<id>`; the server's lists and searches are cached beside it. Writes change
/// the table and queue the change in one transaction, then push when the server is reachable. The
/// table holds this device's version of an item while its changes wait; the outbox holds the
/// changes. A repository is a thin layer over it that speaks its Domain error.
package final class FeatureStore<Resource: FeatureResource>: SyncedCollection, Sendable {
    package typealias Item = Resource.Item
    package typealias ID = ItemID<Item>
    typealias Lists = CacheBackedDataSource<RecordStore<ListRecord<Resource>>, ListStore<Resource>>

    let database: AppDatabase
    let api: APIClient
    let source: CacheBackedDataSource<RecordStore<Resource.Record>, HTTPResourceStore<ID, Resource.Wire, Item>>
    /// The server's lists and searches, as last fetched.
    let lists: Lists
    /// The engine that pushes after a write; weak, since the engine holds this store to send its
    /// changes (a stack opened again must release the one before, database and all).
    weak let sync: SyncEngine?
    let now: @Sendable () -> Date
    let logger = Logger(label: "strata.data.features")
    /// What this process's pushes settled, so the pull does not count it as changed elsewhere.
    let settledHere = SettledHere()

    /// The items with changes that have not reached the server, by identifier.
    ///
    /// Every read by identifier asks, nearly every answer is no, and a set answers without a
    /// query. Read again after every write to the outbox of this process's, and after another
    /// process's (``refreshPending()``).
    private let pending: Mutex<Set<Int>>
    /// How many items ``pending`` holds, read without its lock: most reads come while none of the
    /// collection's changes wait, and then cost one atomic load instead of taking the lock.
    private let pendingCount = Atomic<Int>(0)

    /// The store over the stack's database and sync engine, talking to `api`; it syncs its
    /// collection from now on.
    package convenience init(stack: DataStack, api: APIClient) {
        self.init(
            database: stack.database, api: api, sync: stack.sync, now: stack.now, configuration: stack.configuration,
            timeToLive: Resource.timeToLive)
    }

    /// The store over `database`, syncing through `sync`; fetched items stay fresh for
    /// `timeToLive` when the server sends no `max-age`.
    init(
        database: AppDatabase, api: APIClient, sync: SyncEngine, now: @escaping @Sendable () -> Date,
        configuration: DataStack.Configuration, timeToLive: TimeInterval
    ) {
        self.database = database
        self.api = api
        self.sync = sync
        self.now = now
        pending = Mutex([])
        let limits = configuration.memoryLimits
        source = CacheBackedDataSource(
            local: RecordStore(database: database).keepingUnsentChanges(of: Resource.collection),
            remote: HTTPResourceStore(
                client: api, request: { ("\(Resource.collection)/\($0.rawValue)", []) },
                map: { wire throws(RemoteError) in try Resource.item(from: wire) }, identify: { Resource.id(of: $0) }),
            configuration: .init(timeToLive: timeToLive, memoryLimits: limits, cost: { Resource.cost(of: $0) }),
            now: now)
        lists = CacheBackedDataSource(
            local: RecordStore(database: database), remote: ListStore(api: api),
            configuration: .init(
                timeToLive: configuration.listsTimeToLive, memoryLimits: limits,
                cost: { Resource.cost(of: $0.summaries) }),
            now: now)
        refreshPending()
        startOverIfTheTableChanged()
        database.changes.follow(Resource.Record.databaseTableName, holding: Resource.collection)
        sync.register(self)
    }

    deinit {
        logger.debug("deinit FeatureStore \(Resource.collection)")
    }

    /// The server's collection.
    var collection: String { Resource.collection }

    /// The policy the collection's conflicts follow: the user's choice, else the declared one.
    var policy: ConflictPolicy {
        ((try? database.read { db in try SyncValueRecord.policy(for: Resource.collection, db) }) ?? nil)
            ?? Resource.conflictPolicy
    }

    /// One item: the version on this device while it has unsent changes, else as `policy` says.
    ///
    /// Always inlined into the repository that calls it, so a memory-tier hit is answered
    /// without an async call of its own (ADR 0050).
    @inline(__always)
    func item(_ id: ID, policy: ReadPolicy) async throws(DataSourceError) -> Fetched<Item> {
        let target = try current(id)
        if !target.isIssuedByServer || hasChanges(target) {
            guard let local = try await findLocal(target) else { throw .remote(.notFound) }
            return Fetched(Resource.item(local, marked: try syncState(of: target)), origin: .disk)
        }
        // A memory hit answers here, without the data source's async call.
        if let hit = source.memoryAnswer(target, policy: policy) { return hit }
        return try await source.readPastMemory(target, policy: policy)
    }

    /// Saves a new item on this device under an identifier it issues, queues its creation and
    /// pushes; returns the item as it is now (with the server's identifier once sent).
    ///
    /// `make` gets the identifier and this device's time, the item's `createdAt` and `updatedAt`
    /// until the server's answer replaces them.
    func create(_ make: @escaping @Sendable (ID, Date) -> Item) async throws(DataSourceError) -> Item {
        guard let id = try queue([make]).first else { throw .storage(.corruptRow("no item created")) }
        await sync?.pushIfReachable()
        return try await item(id, policy: .localOnly).value
    }

    /// Saves new items on this device in one transaction, with their queued creations; returns
    /// their identifiers.
    ///
    /// Each gets the next identifier this device issues. Sends nothing.
    @discardableResult
    package func queue(_ makes: [(ID, Date) -> Item]) throws(DataSourceError) -> [ID] {
        guard !makes.isEmpty else { return [] }
        let moment = now()
        let ids = try storage { db in
            let numbers = try Outbox.nextLocalIDs(Resource.collection, count: makes.count, db)
            var rows: [(key: ID, record: Resource.Record)] = []
            var entries: [OutboxRecord] = []
            rows.reserveCapacity(makes.count)
            entries.reserveCapacity(makes.count)
            for (number, make) in zip(numbers, makes) {
                guard let id = ID(rawValue: number) else { throw StorageError.corruptRow("identifier 0") }
                let item = make(id, moment)
                rows.append((id, try Resource.Record(item, key: id)))
                entries.append(
                    OutboxRecord(
                        .create, collection: Resource.collection, itemId: number, body: try Self.body(item),
                        baseETag: nil, createdAt: moment))
            }
            // Identifiers issued here are never reused, so no row has these keys: batch statements.
            try RecordStore<Resource.Record>.write(rows, metadata: CacheMetadata(fetchedAt: moment), db)
            try OutboxRecord.replaceAll(entries, db)  // the queue numbers them in this order
            return rows.map(\.key)
        }
        changePending { $0.formUnion(ids.map(\.rawValue)) }
        return ids
    }

    /// Saves `item` on this device against the version it was read at, queues the change and
    /// pushes; returns the item as it is now.
    func update(_ item: Item) async throws(DataSourceError) -> Item {
        let id = try current(Resource.id(of: item))
        guard try await findLocal(id) != nil else { throw .remote(.notFound) }
        let moment = now()
        try storage { db in
            var updated = Resource.item(item, identifiedAs: id)
            updated.updatedAt = moment
            let base = try Outbox.base(of: Self.key(id), metadataKey: Resource.Record.metadataKey(id), db)
            try Self.writeRow(updated, id: id, metadata: CacheMetadata(fetchedAt: moment, etag: base), db)
            var entry = OutboxRecord(
                .update, collection: Resource.collection, itemId: id.rawValue, body: try Self.body(updated),
                baseETag: base, createdAt: moment)
            try entry.insert(db)
        }
        changePending { _ = $0.insert(id.rawValue) }
        source.forgetInMemory([id])
        await sync?.pushIfReachable()
        return try await self.item(id, policy: .localOnly).value
    }

    /// Removes the item on this device and queues its deletion (an item never sent is simply
    /// forgotten), then pushes.
    ///
    /// An item this device does not hold is asked of the server first: one neither has is not
    /// found, and nothing is queued for it.
    func delete(_ id: ID) async throws(DataSourceError) {
        let target = try current(id)
        let held: Bool
        do {
            held = try await findLocal(target) != nil
        } catch .storage(.corruptRow) {
            held = true  // a damaged row of this device's version is deleted with the item
        }
        if !held {
            guard target.isIssuedByServer else { throw .remote(.notFound) }
            _ = try await item(target, policy: .cacheFirst)
        }
        let moment = now()
        try storage { db in
            let base = try Outbox.base(of: Self.key(target), metadataKey: Resource.Record.metadataKey(target), db)
            try RecordStore<Resource.Record>.delete([target], db)
            if target.isIssuedByServer {
                var entry = OutboxRecord(
                    .delete, collection: Resource.collection, itemId: target.rawValue, body: nil, baseETag: base,
                    createdAt: moment)
                try entry.insert(db)
            } else {
                try Outbox.forget(Self.key(target), db)
            }
        }
        refreshPending([target.rawValue])
        source.forgetInMemory([target])
        await sync?.pushIfReachable()
    }

    /// Sends the queued changes, unless the network is known to be down (one push at a time).
    func sendQueued() async {
        await sync?.pushIfReachable()
    }

    /// Empties the collection's memory tiers (its items', its lists', or both); returns the bytes
    /// they held.
    ///
    /// Another process may have written, so the unsent items are read again too.
    @discardableResult
    func evacuateMemory(items: Bool, lists evacuateLists: Bool) -> Int {
        refreshPending()
        return (items ? source.evacuateMemory() : 0) + (evacuateLists ? lists.evacuateMemory() : 0)
    }

    /// Reads again whether the items `ids` have unsent changes (after a write that may have
    /// queued or settled changes to them); only those, so a write costs the same however many
    /// changes wait.
    func refreshPending(_ ids: [Int]) {
        guard !ids.isEmpty else { return }
        let present = try? database.read { db in
            try Outbox.itemsWithChanges(in: Resource.collection, among: ids.map(\.databaseValue), db)
        }
        guard let present else { return refreshPending() }
        changePending { set in
            set.subtract(ids)
            set.formUnion(present.compactMap(Int.fromDatabaseValue))
        }
    }

    /// Reads again which items have unsent changes, all of them.
    func refreshPending() {
        let ids = try? database.read { db in try Outbox.itemsWithChanges(in: Resource.collection, db) }
        changePending { $0 = ids ?? [] }
    }

    /// Whether the item has changes that have not reached the server.
    func hasChanges(_ id: ID) -> Bool {
        pendingCount.load(ordering: .acquiring) > 0 && pending.withLock { $0.contains(id.rawValue) }
    }

    /// Changes the set of items with unsent changes, and its count with it.
    private func changePending(_ change: (inout Set<Int>) -> Void) {
        pending.withLock { set in
            change(&set)
            pendingCount.store(set.count, ordering: .releasing)
        }
    }

    /// The collection's cache figures.
    func statistics() async -> DataSourceStatistics {
        await source.statistics() + lists.statistics()
    }
}
