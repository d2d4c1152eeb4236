import Domain
import Foundation
import GRDB
import Logging
import Synchronization

extension FeatureStore {
    /// The identifier an item has now: the server's, once an item created here reached it.
    func current(_ id: ID) throws(DataSourceError) -> ID {
        guard !id.isIssuedByServer else { return id }
        let mapped = try reading { db in try Outbox.serverID(Resource.collection, local: id.rawValue, db) }
        return mapped.flatMap(ID.server) ?? id
    }

    /// Whether the item waits for the user (a change in conflict) or to be sent.
    func syncState(of id: ID) throws(DataSourceError) -> SyncState {
        let conflicted = try reading { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM outbox WHERE collection = ? AND item_id = ? AND state = ?)",
                arguments: [Resource.collection, id.rawValue, OutboxEntry.State.conflict.rawValue])
        }
        return conflicted == true ? .conflict : .pending
    }

    /// The device's copy of the item, if it has one.
    func findLocal(_ id: ID) async throws(DataSourceError) -> Item? {
        do {
            return try await RecordStore<Resource.Record>(database: database).find(id)?.value
        } catch {
            throw .storage(error)
        }
    }

    /// Writes the item's row and metadata in `db`'s transaction.
    static func writeRow(_ item: Item, id: ID, metadata: CacheMetadata, _ db: Database) throws {
        try RecordStore<Resource.Record>.write([(id, try Resource.Record(item, key: id))], metadata: metadata, db)
    }

    /// The outbox's name for an item of this collection.
    static func key(_ id: ID) -> Outbox.Item { Outbox.Item(collection: Resource.collection, id: id.rawValue) }

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

    /// Runs `work` in a read transaction; a failure is the store's.
    func reading<Value>(_ work: (Database) throws -> Value) throws(DataSourceError) -> Value {
        do {
            return try database.read(work)
        } catch {
            throw .storage(error)
        }
    }

    /// Drops the device's copies of the items that have no unsent changes, and the server's
    /// lists (`cache clear`): the next reads ask the server.
    ///
    /// The change number the pull reached goes with them, in the same transaction: the device no
    /// longer holds every item, so its lists must not answer as if it did, and the next sync
    /// pulls the collection again from the start.
    func clearLocal() async throws(DataSourceError) {
        let table = Resource.Record.databaseTableName
        let key = Resource.Record.keyColumn.name
        try storage { db in
            try db.execute(
                sql: """
                    DELETE FROM \(table) WHERE \(key) NOT IN (SELECT item_id FROM outbox WHERE collection = ?);
                    DELETE FROM cache_metadata WHERE key LIKE ? AND NOT EXISTS (SELECT 1 FROM \(table)
                        WHERE cache_metadata.key = ? || \(table).\(key));
                    DELETE FROM sync_state WHERE key = ?;
                    """,
                arguments: [
                    Resource.collection, Resource.Record.cacheNamespace + ":%", Resource.Record.cacheNamespace + ":",
                    Self.cursorKey,
                ])
        }
        source.evacuateMemory()
        try await lists.clearLocal()
    }
}

extension FeatureStore {
    /// Starts the collection's pull over when its table's columns are not the ones its rows were
    /// pulled into: an upgrade's migration added a field.
    ///
    /// Rows pulled before hold the new column's default, not the server's value, and a pull that
    /// goes on from its change number would never bring them again, nor would a cached copy that
    /// the server answers `304 Not Modified` for. So the change number goes, with the validators
    /// of the collection's rows and the server's lists: lists ask the server until the next sync
    /// pulls every item again, and a read of an item fetches it whole. The rows stay, readable
    /// offline meanwhile.
    ///
    /// A home that kept no columns yet (its pull began before this check) keeps its change
    /// number: no migration of a synced table came between that release and this check's.
    func startOverIfTheTableChanged() {
        let table = Resource.Record.databaseTableName
        let key = SyncValueRecord.columnsKey(Resource.collection)
        func compared(_ db: Database) throws -> (columns: String, kept: String?) {
            (try db.columns(in: table).map(\.name).sorted().joined(separator: ","), try SyncValueRecord.value(key, db))
        }
        do {
            // A launch only reads; the first after a change writes.
            if let found = try? database.read({ db in try compared(db) }), found.kept == found.columns { return }
            try database.write { db in
                let (columns, kept) = try compared(db)
                guard kept != columns else { return }
                if kept != nil, try SyncValueRecord.value(Self.cursorKey, db) != nil {
                    logger.notice("the \(table) table changed since its last pull: the next sync pulls it all again")
                    try SyncValueRecord.filter(key: Self.cursorKey).deleteAll(db)
                    try CacheMetadataRecord.filter(
                        CacheMetadataRecord.Columns.key.inNamespace(Resource.Record.cacheNamespace)
                    ).deleteAll(db)
                    try ListRecord<Resource>.dropAll(db)
                }
                try SyncValueRecord.set(key, columns, db)
            }
        } catch {
            logger.error("cannot compare the \(table) table's columns with its last pull's: \(error)")
        }
    }
}
