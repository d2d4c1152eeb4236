import Domain
import Foundation
import GRDB

extension FeatureStore {
    /// The identifier an item has now: the server's, once an item created here reached it.
    func current(_ id: ID) throws(DataSourceError) -> ID {
        guard !id.isIssuedByServer else { return id }
        let mapped = try storage { db in try ResourceOutbox.serverID(Resource.collection, local: id.rawValue, db) }
        return mapped.flatMap(ID.server) ?? id
    }

    /// Whether the item has changes that have not reached the server.
    static func hasChanges(_ id: ID, _ db: Database) throws -> Bool {
        try ResourceOutbox.hasChanges(Resource.collection, itemID: id.rawValue, db)
    }

    /// The device's copy of the item, if it has one.
    func findLocal(_ id: ID) async throws(DataSourceError) -> Item? {
        do {
            return try await RecordStore<Resource.Record>(database: database).find(id)?.value
        } catch {
            throw .storage(error)
        }
    }

    /// Every item on the device, ordered by identifier (the Domain's rules order them for people).
    func allLocal() throws(DataSourceError) -> [Item] {
        try storage { db in
            try Resource.Record.order(Resource.Record.keyColumn).fetchAll(db).compactMap { try? $0.object() }
        }
    }

    /// Keeps the server's list on the device: listed items replace their rows unless this device
    /// has unsent changes to them; items the server no longer lists leave the device, unless they
    /// have unsent changes.
    func keepListed(_ items: [Item]) throws(DataSourceError) {
        let listed = Set(items.map(Resource.id(of:)))
        let moment = now()
        let changed = try storage { db throws -> [ID] in
            var changed: [ID] = []
            for item in items where try !Self.hasChanges(Resource.id(of: item), db) {
                try Self.writeRow(item, id: Resource.id(of: item), metadata: CacheMetadata(fetchedAt: moment), db)
                changed.append(Resource.id(of: item))
            }
            let stored = try Resource.Record.fetchAll(db).compactMap { try? $0.object() }.map(Resource.id(of:))
            for id in stored where id.isIssuedByServer && !listed.contains(id) {
                guard try !Self.hasChanges(id, db) else { continue }
                try RecordStore<Resource.Record>.delete(id, db)
                changed.append(id)
            }
            return changed
        }
        source.forgetInMemory(changed)
    }

    /// The validator of the version the next change is made against: none while earlier changes
    /// wait (the server's answer to them rebases it), else the cached copy's.
    func baseETag(_ id: ID) async throws(DataSourceError) -> String? {
        guard id.isIssuedByServer, try storage({ db in try !Self.hasChanges(id, db) }) else { return nil }
        return await source.cachedETag(for: id)
    }

    /// Writes the item's row and metadata in `db`'s transaction.
    static func writeRow(_ item: Item, id: ID, metadata: CacheMetadata, _ db: Database) throws {
        try RecordStore<Resource.Record>.write([(id, try Resource.Record(item, key: id))], metadata: metadata, db)
    }

    /// The JSON a write sends for `item`.
    static func body(_ item: Item) throws -> Data {
        try JSONCoding.encoder.encode(Resource.wire(for: item))
    }

    /// Runs `work` in a write transaction; a failure is the store's.
    func storage<Value>(_ work: (Database) throws -> Value) throws(DataSourceError) -> Value {
        do {
            return try database.write(work)
        } catch {
            throw .storage(error)
        }
    }
}
