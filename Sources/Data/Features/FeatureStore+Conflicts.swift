import Domain
import Foundation
import GRDB
import HTTPTypes

extension FeatureStore {
    /// Both versions of an item whose change is in conflict, as fields.
    func conflict(of entry: ResourceOutbox.Entry) throws(StorageError) -> ItemConflict {
        let operation = OutboxEntry.Operation(rawValue: entry.operation.rawValue) ?? .update
        var local: [ItemConflict.Field]?
        if entry.operation != .delete, let id = ID(rawValue: entry.itemId) {
            let row = try database.read { db in try Resource.Record.filter(key: id.rawValue).fetchOne(db) }
            local = try row.map { row throws(StorageError) in
                do {
                    return ItemFields.read(try Self.body(try row.object()))
                } catch {
                    throw .corruptRow("\(Resource.collection) \(id)")
                }
            }
        }
        return ItemConflict(
            entryId: entry.seq ?? 0, collection: entry.collection, itemId: entry.itemId, operation: operation,
            local: local, remote: entry.remote.map(ItemFields.read))
    }

    /// Drops every unsent change to the item and its copy here; the next read asks the server.
    func discardChanges(of entry: ResourceOutbox.Entry) throws(StorageError) {
        guard let id = ID(rawValue: entry.itemId) else { throw .corruptRow("item 0 of \(entry.collection)") }
        try database.write { db in
            try ResourceOutbox.forget(Resource.collection, itemID: id.rawValue, db)
            try RecordStore<Resource.Record>.delete(id, db)
        }
        source.forgetInMemory([id])
    }
}

extension FeatureStore {
    /// The server refused an update or delete because the item changed there: the feature's
    /// policy decides, and when this device's change is to win it goes again over the server's
    /// version.
    func sendOverConflict(_ entry: ResourceOutbox.Entry) async throws(RemoteError) {
        let path = "\(Resource.collection)/\(entry.itemId)"
        guard try await overwrites(entry, path) else { return }
        if entry.operation == .delete {
            do {
                try await api.sendWithoutBody(.delete, path, headers: try await rebased(entry, path))
            } catch .notFound, .gone {
                // Gone meanwhile: the delete is done.
            }
            try settled { db in try ResourceOutbox.completed(entry, serverID: entry.itemId, etag: nil, db) }
            return
        }
        let (wire, validators) = try await api.send(
            .put, path, body: try decoded(entry), headers: try await rebased(entry, path), retryable: true,
            as: Resource.Wire.self)
        try settle(entry, with: try Resource.item(from: wire), validators)
    }

    /// Whether the refused change goes again over the server's version, by the feature's policy;
    /// when the server's version wins the item's changes here are dropped and `false` returned,
    /// and when the user must choose the conflict is thrown for the pusher to keep aside.
    private func overwrites(_ entry: ResourceOutbox.Entry, _ path: String) async throws(RemoteError) -> Bool {
        let changedAt: Date??
        var server: (version: ServerVersion, etag: String?)?
        do {
            switch try await api.get(path, as: ServerVersion.self) {
            case .modified(let version, let validators):
                changedAt = .some(version.updatedAt)
                server = (version, validators.etag)
            case .notModified: changedAt = .some(nil)
            }
        } catch .notFound, .gone {
            changedAt = nil
        }
        switch Resource.conflictPolicy.resolve(localChangeAt: entry.createdAt, serverChangedAt: changedAt) {
        case .overwriteServer: return true
        case .askUser:
            // The server's version stays beside the change, for `conflicts show` and for keeping
            // the local version over exactly that one.
            let remote = try server.map { server throws(RemoteError) in
                guard let body = try? Self.body(try Resource.item(from: server.version.wire)) else {
                    throw .invalidData("the server's \(path) cannot be read")
                }
                return body
            }
            do {
                try ResourceOutbox(database: database).keepRemote(entry, remote: remote, etag: server?.etag)
            } catch {
                throw .invalidData("the device's storage failed: \(error)")
            }
            throw .conflict
        case .setAside: throw .notFound
        case .keepServer:
            do {
                try discardChanges(of: entry)
            } catch {
                throw .invalidData("the device's storage failed: \(error)")
            }
            return false
        }
    }

    /// The server's version of an item, with when the server last changed it (as every
    /// collection's items say).
    private struct ServerVersion: Decodable, Sendable {
        let wire: Resource.Wire
        let updatedAt: Date?

        private enum CodingKeys: String, CodingKey { case updatedAt }

        init(from decoder: any Decoder) throws {
            wire = try Resource.Wire(from: decoder)
            updatedAt = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Date.self, forKey: .updatedAt)
        }
    }

    /// A new key (the first one would replay the refusal) and the server's current validator.
    private func rebased(_ entry: ResourceOutbox.Entry, _ path: String) async throws(RemoteError) -> HTTPFields {
        var fields = keyed(entry.idempotencyKey + "-over-server")
        fields[.ifMatch] = try await currentETag(path)
        return fields
    }

    func currentETag(_ path: String) async throws(RemoteError) -> String {
        let fetched = try await api.get(path, as: Resource.Wire.self)
        let validators: RemoteValidators
        switch fetched {
        case .modified(_, let sent): validators = sent
        case .notModified(let sent): validators = sent
        }
        guard let etag = validators.etag else { throw .invalidData("the server sent no ETag for \(path)") }
        return etag
    }

}
