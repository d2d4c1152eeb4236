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

    /// Whether the item waits for the user (a change in conflict, or one the server refused) or to
    /// be sent; a conflict comes first, as it asks for a choice.
    func syncState(of id: ID) throws(DataSourceError) -> SyncState {
        let states = try reading { db in
            try String.fetchSet(
                db, sql: "SELECT DISTINCT state FROM outbox WHERE collection = ? AND item_id = ?",
                arguments: [Resource.collection, id.rawValue])
        }
        if states.contains(OutboxEntry.State.conflict.rawValue) { return .conflict }
        return states.contains(OutboxEntry.State.parked.rawValue) ? .parked : .pending
    }

    /// The device's copy of the item, if it has one.
    ///
    /// The row of an item with changes waiting is this device's version, not a copy of the
    /// server's: one that no longer reads is an error and stays, where another is dropped and
    /// fetched again.
    func findLocal(_ id: ID) async throws(DataSourceError) -> Item? {
        let store = RecordStore<Resource.Record>(database: database)
        do {
            return hasChanges(id) ? try store.stored(id)?.value : try await store.find(id)?.value
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
    /// lists (`cache clear`): the next reads ask the server, and the next sync pulls the
    /// collection again from the start (``forgetPulled(_:)``).
    func clearLocal() async throws(DataSourceError) {
        try storage { db in try Self.forgetPulled(db) }
        source.evacuateMemory()
        try await lists.clearLocal()
    }

    /// Deletes, in `db`'s transaction, the device's copies of the items that have no unsent
    /// changes, their validators, and the change number the pull reached.
    ///
    /// The change number goes with the rows: the device no longer holds every item, so its lists
    /// must not answer as if it did, and the next sync pulls the collection from change 0.
    static func forgetPulled(_ db: Database) throws {
        let table = Resource.Record.databaseTableName
        let key = Resource.Record.keyColumn.name
        try db.execute(
            sql: """
                DELETE FROM \(table) WHERE \(key) NOT IN (SELECT item_id FROM outbox WHERE collection = ?);
                DELETE FROM cache_metadata WHERE key LIKE ? AND NOT EXISTS (SELECT 1 FROM \(table)
                    WHERE cache_metadata.key = ? || \(table).\(key));
                DELETE FROM sync_state WHERE key = ?;
                """,
            arguments: [
                Resource.collection, Resource.Record.cacheNamespace + ":%", Resource.Record.cacheNamespace + ":",
                cursorKey,
            ])
    }
}

extension FeatureStore {
    /// Starts the collection's pull over when its table's columns are not the ones its rows were
    /// pulled into: an upgrade's migration added a field.
    ///
    /// Rows pulled before hold the new column's default, not the server's value: a pull that
    /// goes on from its change number would never bring them again, a cached copy would be
    /// answered `304 Not Modified`, and an edit would send the default over the server's value
    /// against a validator that still matches. So those rows go as `cache clear` drops them
    /// (``forgetPulled(_:)``), with the server's lists: reads ask the server, an edit starts from
    /// the server's whole item, and the next sync pulls every item again. Items with changes
    /// waiting stay.
    ///
    /// A home that kept no columns yet (its pull began before this check) keeps its change
    /// number: no migration of a synced table came between that release and this check's
    /// (``AppDatabase/onColumnsChanged(of:_:)``).
    func startOverIfTheTableChanged() {
        let table = Resource.Record.databaseTableName
        do {
            try database.onColumnsChanged(of: table) { db in
                guard try SyncValueRecord.value(Self.cursorKey, db) != nil else { return }
                logger.notice("the \(table) table changed since its last pull: the next sync pulls it all again")
                try Self.forgetPulled(db)
                try ListRecord<Resource>.dropAll(db)
            }
        } catch {
            logger.error("cannot compare the \(table) table's columns with its last pull's: \(error)")
        }
    }
}
