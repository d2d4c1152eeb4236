import Domain
import Foundation
import GRDB
import HTTPTypes

extension FeatureStore: ResourceSending {
    /// Sends one queued change and settles it on this device.
    ///
    /// A change the server refuses because the item changed there (`412`) goes as the feature's
    /// ``FeatureResource/conflictPolicy`` decides: sent again over the server's current version,
    /// dropped for the server's, or thrown back as a conflict for the user (the pusher keeps it
    /// aside). A delete of an item the server no longer has is done.
    func send(_ entry: ResourceOutbox.Entry) async throws(RemoteError) {
        let path = "\(Resource.collection)/\(entry.itemId)"
        switch entry.operation {
        case .create:
            let (wire, validators) = try await api.send(
                .post, Resource.collection, body: try decoded(entry), headers: keyed(entry.idempotencyKey),
                retryable: true, as: Resource.Wire.self)
            try settle(entry, with: try Resource.item(from: wire), validators)
        case .update:
            let body = try decoded(entry)
            let answer: (Resource.Wire, RemoteValidators)
            do {
                answer = try await api.send(
                    .put, path, body: body, headers: try await guarded(entry, path), retryable: true,
                    as: Resource.Wire.self)
            } catch .conflict {
                guard try await overwrites(entry, path) else { return }
                answer = try await api.send(
                    .put, path, body: body, headers: try await rebased(entry, path), retryable: true,
                    as: Resource.Wire.self)
            }
            try settle(entry, with: try Resource.item(from: answer.0), answer.1)
        case .delete:
            do {
                do {
                    try await api.sendWithoutBody(.delete, path, headers: try await guarded(entry, path))
                } catch .conflict {
                    guard try await overwrites(entry, path) else { return }
                    try await api.sendWithoutBody(.delete, path, headers: try await rebased(entry, path))
                }
            } catch .notFound, .gone {
                // Already gone from the server: nothing is left to do.
            }
            try settled { db in try ResourceOutbox.completed(entry, serverID: entry.itemId, etag: nil, db) }
        }
    }
}

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

// MARK: - Private

extension FeatureStore {
    /// The change's fields as the wire form.
    private func decoded(_ entry: ResourceOutbox.Entry) throws(RemoteError) -> Resource.Wire {
        guard let body = entry.body, let wire = try? JSONCoding.decoder.decode(Resource.Wire.self, from: body) else {
            throw .badRequest  // a damaged entry: parked with the reason, never sent
        }
        return wire
    }

    private func keyed(_ key: String) -> HTTPFields {
        var fields = HTTPFields()
        if let name = HTTPField.Name("Idempotency-Key") { fields[name] = key }
        return fields
    }

    /// The key and the validator the change was made against (the server's current one when the
    /// device has none, such as an item it never read).
    private func guarded(_ entry: ResourceOutbox.Entry, _ path: String) async throws(RemoteError) -> HTTPFields {
        var fields = keyed(entry.idempotencyKey)
        if let etag = entry.baseETag {
            fields[.ifMatch] = etag
        } else {
            fields[.ifMatch] = try await currentETag(path)
        }
        return fields
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

    private func currentETag(_ path: String) async throws(RemoteError) -> String {
        let fetched = try await api.get(path, as: Resource.Wire.self)
        let validators: RemoteValidators
        switch fetched {
        case .modified(_, let sent): validators = sent
        case .notModified(let sent): validators = sent
        }
        guard let etag = validators.etag else { throw .invalidData("the server sent no ETag for \(path)") }
        return etag
    }

    /// The server took a create or update: the entry leaves the queue and the row takes the
    /// server's identifier, and its version unless later changes wait.
    private func settle(_ entry: ResourceOutbox.Entry, with item: Item, _ validators: RemoteValidators)
        throws(RemoteError)
    {
        let serverID = Resource.id(of: item)
        guard let localID = ID(rawValue: entry.itemId) else { throw .invalidData("item 0") }
        let moment = now()
        try settled { db in
            try ResourceOutbox.completed(entry, serverID: serverID.rawValue, etag: validators.etag, db)
            let waiting = try Self.hasChanges(serverID, db)
            if waiting, localID != serverID, let row = try Resource.Record.filter(key: localID.rawValue).fetchOne(db) {
                // Later changes wait: the device's newer copy keeps its content under the new id.
                try RecordStore<Resource.Record>.delete(localID, db)
                let moved = Resource.item(try row.object(), identifiedAs: serverID)
                try Self.writeRow(moved, id: serverID, metadata: CacheMetadata(fetchedAt: moment), db)
            } else if !waiting {
                if localID != serverID { try RecordStore<Resource.Record>.delete(localID, db) }
                let metadata = CacheMetadata(fetchedAt: moment, etag: validators.etag, maxAge: validators.maxAge)
                try Self.writeRow(item, id: serverID, metadata: metadata, db)
            }
        }
        source.forgetInMemory([localID, serverID])
    }

    private func settled(_ work: (Database) throws -> Void) throws(RemoteError) {
        do {
            try database.write(work)
        } catch {
            throw .invalidData("the device's storage failed: \(error)")
        }
    }
}
