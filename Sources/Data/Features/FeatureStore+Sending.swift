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
            let answer: (Resource.Wire, RemoteValidators)
            do {
                answer = try await api.send(
                    .put, path, body: try decoded(entry), headers: try await guarded(entry, path), retryable: true,
                    as: Resource.Wire.self)
            } catch .conflict {
                return try await sendOverConflict(entry)
            }
            try settle(entry, with: try Resource.item(from: answer.0), answer.1)
        case .delete:
            do {
                try await api.sendWithoutBody(.delete, path, headers: try await guarded(entry, path))
            } catch .conflict {
                return try await sendOverConflict(entry)
            } catch .notFound, .gone {
                // Already gone from the server: nothing is left to do.
            }
            try settled { db in try ResourceOutbox.completed(entry, serverID: entry.itemId, etag: nil, db) }
        }
    }

    /// Sends changes to distinct items in one `POST /batch` and settles each; what the server
    /// refused, per entry in order (nil: settled, sent or decided by the conflict policy).
    ///
    /// Every entry must go as it would alone without asking the server first: a create, or a
    /// change to an item the server numbered, made against a validator this device holds.
    /// Throws when the batch got no answer (its entries stay queued with their keys).
    func send(batch entries: [ResourceOutbox.Entry]) async throws(RemoteError) -> [RemoteError?] {
        var changes: [BatchChangeDTO<Resource.Wire>] = []
        var damaged: [Int: RemoteError] = [:]
        for (index, entry) in entries.enumerated() {
            if entry.operation == .delete {
                changes.append(change(entry, method: "DELETE", body: nil))
            } else if let body = try? decoded(entry) {
                changes.append(change(entry, method: entry.operation == .create ? "POST" : "PUT", body: body))
            } else {
                damaged[index] = .badRequest  // parked with the reason, never sent
            }
        }
        let sendable = entries.indices.filter { damaged[$0] == nil }
        guard let outcomes = try await api.batch(changes, answers: Resource.Wire.self) else {
            // No batch route here: each change alone.
            var refused: [RemoteError?] = []
            for entry in entries {
                refused.append(await Self.outcome { () async throws(RemoteError) in try await send(entry) })
            }
            return refused
        }
        // What the server took is settled in one transaction; the rest one by one after it.
        var refused = entries.indices.map { damaged[$0] }
        var accepted: [(entry: ResourceOutbox.Entry, item: Item?, validators: RemoteValidators)] = []
        var others: [(Int, Result<(Resource.Wire?, RemoteValidators), RemoteError>)] = []
        for (index, outcome) in zip(sendable, outcomes) {
            let entry = entries[index]
            switch outcome {
            case .success((_, let validators)) where entry.operation == .delete:
                accepted.append((entry, nil, validators))
            case .success((let wire?, let validators)):
                do throws(RemoteError) {
                    accepted.append((entry, try Resource.item(from: wire), validators))
                } catch {
                    refused[index] = error
                }
            default:
                others.append((index, outcome))
            }
        }
        try settle(accepted)
        for (index, outcome) in others {
            let entry = entries[index]
            refused[index] = await Self.outcome { () async throws(RemoteError) in try await settle(entry, outcome) }
        }
        return refused
    }
}

// MARK: - Private

extension FeatureStore {
    /// One entry's answer in a batch, settled as the answer to a request of its own would be.
    private func settle(
        _ entry: ResourceOutbox.Entry, _ outcome: Result<(Resource.Wire?, RemoteValidators), RemoteError>
    )
        async throws(RemoteError)
    {
        switch (outcome, entry.operation) {
        case (.success, .delete), (.failure(.notFound), .delete), (.failure(.gone), .delete):
            try settled { db in try ResourceOutbox.completed(entry, serverID: entry.itemId, etag: nil, db) }
        case (.success((let wire?, let validators)), _):
            try settle(entry, with: try Resource.item(from: wire), validators)
        case (.success((nil, _)), _):
            throw .invalidData("the batch answered \(Resource.collection)/\(entry.itemId) without the item")
        case (.failure(.conflict), _) where entry.operation != .create:
            try await sendOverConflict(entry)
        case (.failure(let error), _):
            throw error
        }
    }

    /// What sending threw, or nil when it went through.
    private static func outcome(_ work: () async throws(RemoteError) -> Void) async -> RemoteError? {
        do {
            try await work()
            return nil
        } catch {
            return error
        }
    }

    /// A change as it goes in a batch.
    private func change(_ entry: ResourceOutbox.Entry, method: String, body: Resource.Wire?)
        -> BatchChangeDTO<Resource.Wire>
    {
        let path = entry.operation == .create ? Resource.collection : "\(Resource.collection)/\(entry.itemId)"
        return BatchChangeDTO(
            method: method, path: "/" + path, idempotencyKey: entry.idempotencyKey, ifMatch: entry.baseETag, body: body)
    }

    /// The change's fields as the wire form.
    func decoded(_ entry: ResourceOutbox.Entry) throws(RemoteError) -> Resource.Wire {
        guard let body = entry.body, let wire = try? JSONCoding.decoder.decode(Resource.Wire.self, from: body) else {
            throw .badRequest  // a damaged entry: parked with the reason, never sent
        }
        return wire
    }

    func keyed(_ key: String) -> HTTPFields {
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

    /// The server took a create or update: the entry leaves the queue and the row takes the
    /// server's identifier, and its version unless later changes wait.
    func settle(_ entry: ResourceOutbox.Entry, with item: Item, _ validators: RemoteValidators)
        throws(RemoteError)
    {
        try settle([(entry, item, validators)])
    }

    /// Settles every change the server took, in one transaction: creates and updates with the
    /// item the server answered, deletes with none.
    private func settle(_ accepted: [(entry: ResourceOutbox.Entry, item: Item?, validators: RemoteValidators)])
        throws(RemoteError)
    {
        guard !accepted.isEmpty else { return }
        let moment = now()
        var forgotten: [ID] = []
        for (entry, item, _) in accepted {
            guard let localID = ID(rawValue: entry.itemId) else { throw .invalidData("item 0") }
            forgotten += [localID] + (item.map { [Resource.id(of: $0)] } ?? [])
        }
        try settled { db in
            for (entry, item, validators) in accepted {
                guard let item else {
                    try ResourceOutbox.completed(entry, serverID: entry.itemId, etag: nil, db)
                    continue
                }
                try Self.settle(entry, with: item, validators, moment: moment, db)
            }
        }
        source.forgetInMemory(forgotten)
    }

    private static func settle(
        _ entry: ResourceOutbox.Entry, with item: Item, _ validators: RemoteValidators, moment: Date, _ db: Database
    ) throws {
        let serverID = Resource.id(of: item)
        guard let localID = ID(rawValue: entry.itemId) else { return }
        try ResourceOutbox.completed(entry, serverID: serverID.rawValue, etag: validators.etag, db)
        let waiting = try hasChanges(serverID, db)
        if waiting, localID != serverID, let row = try Resource.Record.filter(key: localID.rawValue).fetchOne(db) {
            // Later changes wait: the device's newer copy keeps its content under the new id.
            try RecordStore<Resource.Record>.delete(localID, db)
            let moved = Resource.item(try row.object(), identifiedAs: serverID)
            try writeRow(moved, id: serverID, metadata: CacheMetadata(fetchedAt: moment), db)
        } else if !waiting {
            if localID != serverID { try RecordStore<Resource.Record>.delete(localID, db) }
            let metadata = CacheMetadata(fetchedAt: moment, etag: validators.etag, maxAge: validators.maxAge)
            try writeRow(item, id: serverID, metadata: metadata, db)
        }
    }

    func settled(_ work: (Database) throws -> Void) throws(RemoteError) {
        do {
            try database.write(work)
        } catch {
            throw .invalidData("the device's storage failed: \(error)")
        }
    }
}
