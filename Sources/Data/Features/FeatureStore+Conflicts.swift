import Domain
import Foundation
import GRDB
import Logging

extension FeatureStore {
    /// Decides a change the server refused because the item changed there, by the collection's
    /// policy, from the server's current version (read once, whole).
    ///
    /// The server's version wins: the item's changes here go and its version is kept. This
    /// device's wins: the change goes again over the server's version (the push sends it). The
    /// user chooses: both are kept, the server's beside the change with its validator, so keeping
    /// the local version later goes over exactly the version the user saw. When the server deleted
    /// the item, its version is the deletion (the policy asks the user unless the server wins).
    func settleConflict(_ entry: Outbox.Entry) async throws(RemoteError) -> ConflictDecision {
        let remote = try await fetchRemote(entry.itemId)
        let decision = policy.resolve(
            localChangeAt: entry.createdAt, serverChangedAt: remote.map { .some($0.item.updatedAt) } ?? .none)
        let outbox = Outbox(database: database)
        do {
            switch (decision, remote) {
            case (.keepServer, _):
                try discardChanges(of: entry, keepingItem: remote.map { ($0.item, $0.etag) })
            case (.overwriteServer, let remote?) where remote.etag != nil:
                try outbox.requeue(entry.seq ?? 0, rebasedOn: remote.etag, body: nil)
            case (.askUser, _):
                let body = try remote.map { remote throws(StorageError) in try Self.encoded(remote.wire) }
                try outbox.markConflict(entry, remote: body, remoteETag: remote?.etag)
            case (.overwriteServer, _), (.setAside, _):
                try outbox.park(entry, error: "the server sent no validator")
                return .setAside
            }
        } catch {
            throw .invalidData("the device's storage failed: \(error)")
        }
        return decision
    }

    /// Drops every unsent change to `entry`'s item, and its copy here unless a conflict kept the
    /// server's version.
    ///
    /// That version becomes the copy here, so what the user was shown stays readable offline;
    /// otherwise the next read asks the server. A server version that cannot be read is not kept,
    /// and never stops the discard.
    func discardChanges(of entry: Outbox.Entry) throws(StorageError) {
        let remote = entry.state == .conflict ? (try? typedConflict(entry))?.remote : nil
        try discardChanges(of: entry, keepingItem: remote.map { ($0, entry.remoteETag) })
    }

    /// Both versions of an item whose change is in conflict: each one's version number and its
    /// fields (what a write sends).
    func conflict(of entry: Outbox.Entry) throws(StorageError) -> ItemConflict {
        let typed = try typedConflict(entry)
        return ItemConflict(
            entryId: entry.seq ?? 0, collection: entry.collection, itemId: entry.itemId, operation: entry.operation,
            local: try typed.local.map(Self.side), remote: try typed.remote.map(Self.side))
    }

    /// Both versions of an item whose change is in conflict: this device's (nil: it deletes the
    /// item) and the server's (nil: the server deleted it).
    func typedConflict(_ entry: Outbox.Entry) throws(StorageError) -> (local: Item?, remote: Item?) {
        var local: Item?
        if entry.operation != .delete, let id = ID(rawValue: entry.itemId) {
            do {
                local = try database.read { db in try Resource.Record.filter(key: id.rawValue).fetchOne(db) }?.object()
            } catch .corruptRow {
                throw .corruptRow("this device's version of \(Resource.collection) \(entry.itemId)")
            }
        }
        let remote = try entry.remote.map { data throws(StorageError) in
            guard let wire = try? JSONCoding.decoder.decode(Resource.Wire.self, from: data),
                let item = try? Resource.item(from: wire)
            else { throw .corruptRow("the server's version kept with change \(entry.seq ?? 0)") }
            return item
        }
        return (local.map { Resource.item($0, marked: .conflict) }, remote)
    }

    /// Settles a conflict the user resolved, then sends what is left.
    ///
    /// Keeps the server's version, or sends this device's (or a merge of both, where the
    /// collection offers one) over the server's version the user saw.
    func resolveConflict(_ entry: Outbox.Entry, keeping resolution: ConflictResolution) async throws(SyncError) {
        let (local, remote) = try engineStorage { () throws(StorageError) in try typedConflict(entry) }
        let outbox = Outbox(database: database)
        switch resolution {
        case .remote:
            try engineStorage { () throws(StorageError) in
                try discardChanges(of: entry, keepingItem: remote.map { ($0, entry.remoteETag) })
            }
            return
        case .local:
            try await keepLocal(entry)
        case .merged(let body):
            guard let local else { throw .invalidMerge("this device deletes the item; keep local or remote") }
            guard let merged = Resource.merged(local: local, remote: remote, body: body) else {
                throw .invalidMerge("items of \(entry.collection) have no merge; keep local or remote")
            }
            let id = Resource.id(of: merged)
            let etag = try await seenETag(entry)
            try engineStorage { () throws(StorageError) in
                try database.write { db in
                    try Self.writeRow(merged, id: id, metadata: CacheMetadata(fetchedAt: now()), db)
                    // The merge is the whole of this device's version: later changes to the item go.
                    try db.execute(
                        sql: "DELETE FROM outbox WHERE collection = ? AND item_id = ? AND seq != ?",
                        arguments: [entry.collection, entry.itemId, entry.seq])
                }
                let body = try Self.encoded(Resource.wire(for: merged))
                // Over the server's deletion, the merge creates the item again, as keeping this
                // device's version does; an edit of it would be refused again.
                if remote == nil {
                    try outbox.requeueAsCreate(entry.seq ?? 0, body: body)
                } else {
                    try outbox.requeue(entry.seq ?? 0, rebasedOn: etag, body: body)
                }
            }
            source.forgetInMemory([id])
        }
        await sync?.pushIfReachable()
    }
}

extension FeatureStore {
    /// Queues a change in conflict again, over the server's version the user saw; an edit of an
    /// item the server deleted creates the item again.
    func keepLocal(_ entry: Outbox.Entry) async throws(SyncError) {
        if entry.operation == .update, entry.remote == nil {
            try engineStorage { () throws(StorageError) in
                try Outbox(database: database).requeueAsCreate(entry.seq ?? 0, body: nil)
            }
            return
        }
        let etag = try await seenETag(entry)
        try engineStorage { () throws(StorageError) in
            try Outbox(database: database).requeue(entry.seq ?? 0, rebasedOn: etag, body: nil)
        }
    }

    /// The validator of the server's version a conflict is against: the one the server sent with
    /// it, else the one it sends now; nil when the server deleted the item.
    private func seenETag(_ entry: Outbox.Entry) async throws(SyncError) -> String? {
        if let etag = entry.remoteETag { return etag }
        guard entry.remote != nil else { return nil }
        do {
            return try await fetchRemote(entry.itemId)?.etag
        } catch {
            throw error.syncFailure(pending: 0)
        }
    }
}

// MARK: - Private

extension FeatureStore {
    /// The server's version: the item in its wire form and as the Domain reads it, and its
    /// validator; nil when the server has no such item.
    struct Remote {
        let wire: Resource.Wire
        let item: Item
        let etag: String?
    }

    func fetchRemote(_ id: Int) async throws(RemoteError) -> Remote? {
        do throws(RemoteError) {
            switch try await api.get("\(Resource.collection)/\(id)", as: Resource.Wire.self) {
            case .modified(let wire, let validators):
                let item = try Resource.item(from: wire)
                guard Resource.id(of: item).rawValue == id else {
                    throw .invalidData("asked for \(Resource.collection)/\(id), the server answered with another")
                }
                return Remote(wire: wire, item: item, etag: validators.etag)
            case .notModified: throw .invalidData("304 without a conditional request")
            }
        } catch .notFound, .gone {
            return nil
        }
    }

    /// Drops every unsent change to the item and this device's copy; keeps the server's version
    /// with its validator when given, so the next read needs no request.
    private func discardChanges(of entry: Outbox.Entry, keepingItem remote: (item: Item, etag: String?)?)
        throws(StorageError)
    {
        guard let id = ID(rawValue: entry.itemId) else { throw .corruptRow("item 0 of \(entry.collection)") }
        defer { refreshPending([id.rawValue]) }
        try database.write { db in
            try Outbox.forget(Self.key(id), db)
            try RecordStore<Resource.Record>.delete([id], db)
            if let remote {
                try Self.writeRow(remote.item, id: id, metadata: CacheMetadata(fetchedAt: now(), etag: remote.etag), db)
            }
            try ListRecord<Resource>.dropAll(db)
        }
        source.forgetInMemory([id])
        lists.evacuateMemory()
    }

    /// A wire form as JSON, for the outbox.
    private static func encoded(_ wire: Resource.Wire) throws(StorageError) -> Data {
        do {
            return try JSONCoding.encoder.encode(wire)
        } catch {
            throw .failed("cannot encode \(Resource.collection): \(error)")
        }
    }

    /// An item's version number, and its fields as a write sends them, as people read them.
    private static func side(_ item: Item) throws(StorageError) -> ItemConflict.Side {
        do {
            // The wire type's properties, in the order it declares them.
            let names = Mirror(reflecting: Resource.wire(for: item)).children.compactMap(\.label)
            return ItemConflict.Side(
                version: item.version, createdAt: item.createdAt, updatedAt: item.updatedAt,
                fields: ItemFields.read(try body(item), ordered: names))
        } catch {
            throw .failed("cannot encode \(Resource.collection): \(error)")
        }
    }

    /// Runs a storage operation for the engine, mapping its failure.
    func engineStorage<Value>(_ operation: () throws(StorageError) -> Value) throws(SyncError) -> Value {
        do {
            return try operation()
        } catch {
            logger.error("storage failure syncing \(Resource.collection): \(error)")
            throw .storageFailure
        }
    }
}
