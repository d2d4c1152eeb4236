import Domain
import Foundation
import GRDB

/// A feature's items, offline first.
///
/// Reads go through a cache-backed data source over the feature's table and
/// `GET /<collection>/<id>`; writes change the table and queue the change in one transaction,
/// then push when the server is reachable. A generated repository is a thin layer over it that
/// speaks its Domain error.
final class FeatureStore<Resource: FeatureResource>: Sendable {
    typealias Item = Resource.Item
    typealias ID = ItemID<Item>

    let database: AppDatabase
    let api: APIClient
    let source: CacheBackedDataSource<RecordStore<Resource.Record>, HTTPResourceStore<ID, Resource.Wire, Item>>
    /// The engine that pushes after a write; weak, since the engine's pusher holds this store to
    /// send its changes (a stack opened again must release the one before, database and all).
    weak let sync: SyncEngine?
    let now: @Sendable () -> Date

    /// The store over the stack's database and sync engine, talking to `api`; it sends its
    /// feature's queued changes from now on.
    init(stack: DataStack, api: APIClient) {
        database = stack.database
        self.api = api
        sync = stack.sync
        now = stack.now
        source = CacheBackedDataSource(
            local: RecordStore(database: stack.database),
            remote: HTTPResourceStore(
                client: api, request: { ("\(Resource.collection)/\($0.rawValue)", []) },
                map: { wire throws(RemoteError) in try Resource.item(from: wire) }, identify: { Resource.id(of: $0) }),
            configuration: .init(
                timeToLive: Resource.timeToLive, memoryLimits: stack.configuration.memoryLimits,
                cost: { Resource.cost(of: $0) }),
            now: stack.now)
        stack.resources.register(Resource.collection, self)
    }

    /// Empties the feature's memory tier (a memory warning, `cache clear memory`).
    @discardableResult
    func evacuateMemory() -> Int {
        source.evacuateMemory()
    }

    /// The feature's cache figures.
    func statistics() async -> DataSourceStatistics {
        await source.statistics()
    }

    /// One item: the version on this device while it has unsent changes, else as `policy` says.
    func item(_ id: ID, policy: ReadPolicy) async throws(DataSourceError) -> Fetched<Item> {
        let target = try current(id)
        let hasChanges = try storage { db in try Self.hasChanges(target, db) }
        if !target.isIssuedByServer || hasChanges {
            guard let entry = try await findLocal(target) else { throw .remote(.notFound) }
            return Fetched(entry, origin: .disk)
        }
        return try await source.read(target, policy: policy)
    }

    /// Every item: the server's list (kept on the device) with this device's unsent changes
    /// over it; the device's copy when the server cannot be reached and the policy allows it.
    func list(policy: ReadPolicy) async throws(DataSourceError) -> Fetched<[Item]> {
        if policy == .localOnly { return Fetched(try allLocal(), origin: .disk) }
        let items: [Item]
        do {
            items = try await listed()
        } catch {
            guard policy != .remoteOnly, error.mayPass else { throw .remote(error) }
            return Fetched(try allLocal(), origin: .disk, freshness: .stale)
        }
        try keepListed(items)
        return Fetched(try allLocal(), origin: .network)
    }

    /// The server's items.
    private func listed() async throws(RemoteError) -> [Item] {
        let list = try await api.get(Resource.collection, as: FeatureListDTO<Resource.Wire>.self)
        guard case .modified(let body, _) = list else { throw .invalidData("a list answer without a body") }
        return try body.items.map { wire throws(RemoteError) in try Resource.item(from: wire) }
    }

    /// Saves a new item on this device under an identifier it issues, queues its creation and
    /// pushes; returns the item as it is now (with the server's identifier once sent).
    ///
    /// `make` gets the identifier and this device's time, the item's `createdAt` and `updatedAt`
    /// until the server's answer replaces them.
    func create(_ make: @Sendable (ID, Date) -> Item) async throws(DataSourceError) -> Item {
        let moment = now()
        let id = try storage { db throws -> ID in
            guard let id = ID(rawValue: try ResourceOutbox.nextLocalID(Resource.collection, db)) else {
                throw StorageError.corruptRow("no identifier left for \(Resource.collection)")
            }
            let item = make(id, moment)
            try Self.writeRow(item, id: id, metadata: CacheMetadata(fetchedAt: now()), db)
            try ResourceOutbox.record(
                .create, collection: Resource.collection, itemID: id.rawValue, body: try Self.body(item),
                baseETag: nil, now: now(), db)
            return id
        }
        await sync?.pushIfReachable()
        return try await item(id, policy: .localOnly).value
    }

    /// Saves `item` on this device against the version it was read at, queues the change and
    /// pushes; returns the item as it is now.
    func update(_ item: Item) async throws(DataSourceError) -> Item {
        let id = try current(Resource.id(of: item))
        guard try await findLocal(id) != nil else { throw .remote(.notFound) }
        let base = try await baseETag(id)
        try storage { db in
            var updated = Resource.item(item, identifiedAs: id)
            updated.updatedAt = now()
            try Self.writeRow(updated, id: id, metadata: CacheMetadata(fetchedAt: now()), db)
            try ResourceOutbox.record(
                .update, collection: Resource.collection, itemID: id.rawValue, body: try Self.body(updated),
                baseETag: base, now: now(), db)
        }
        source.forgetInMemory([id])
        await sync?.pushIfReachable()
        return try await self.item(id, policy: .localOnly).value
    }

    /// Removes the item on this device and queues its deletion (an item never sent is simply
    /// forgotten), then pushes.
    func delete(_ id: ID) async throws(DataSourceError) {
        let target = try current(id)
        guard try await findLocal(target) != nil || target.isIssuedByServer else { throw .remote(.notFound) }
        let base = try await baseETag(target)
        try storage { db in
            try RecordStore<Resource.Record>.delete(target, db)
            if target.isIssuedByServer {
                try ResourceOutbox.record(
                    .delete, collection: Resource.collection, itemID: target.rawValue, body: nil, baseETag: base,
                    now: now(), db)
            } else {
                try ResourceOutbox.forget(Resource.collection, itemID: target.rawValue, db)
            }
        }
        source.forgetInMemory([target])
        await sync?.pushIfReachable()
    }
}
