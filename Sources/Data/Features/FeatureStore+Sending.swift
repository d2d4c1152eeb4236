import Domain
import Foundation
import GRDB
import HTTPTypes

extension FeatureStore {
    /// Sends changes to distinct items in one `POST /batch` (one by one where the server has no
    /// batch route); touches no storage.
    ///
    /// The batch's settling checks each answer against its question: an update answered with
    /// another item is refused as data the app cannot trust.
    func send(_ batch: [Outbox.Entry]) async -> SentBatch {
        var changes: [BatchChangeDTO<Resource.Wire>] = []
        var sendable: [Outbox.Entry] = []
        var damaged: [Outbox.Entry] = []
        let decoder = JSONCoding.decoder
        for entry in batch {
            if entry.operation == .delete {
                changes.append(change(entry, body: nil))
                sendable.append(entry)
            } else if let body = entry.body.flatMap({ try? decoder.decode(Resource.Wire.self, from: $0) }) {
                changes.append(change(entry, body: body))
                sendable.append(entry)
            } else {
                damaged.append(entry)  // parked with the reason, never sent
            }
        }
        let outcomes: [Result<(Resource.Wire?, RemoteValidators), RemoteError>]
        do {
            if let answered = try await api.batch(changes, answers: Resource.Wire.self) {
                outcomes = answered
            } else {
                outcomes = await oneByOne(changes)  // no batch route here
            }
        } catch {
            return SentBatch(entries: sendable + damaged, failure: error, settle: { [] })
        }
        let answered = Array(zip(sendable, outcomes))
        let refused = damaged
        return SentBatch(entries: sendable + damaged, failure: nil) { () throws(StorageError) in
            try self.settle(answered, damaged: refused)
        }
    }

    /// A delete of an item the server no longer has is done: the change leaves the queue.
    func settleGone(_ entry: Outbox.Entry) throws(StorageError) {
        defer { refreshPending([entry.itemId]) }
        try database.write { db in
            _ = try Outbox.completed(
                [(entry, entry.itemId, nil)], collection: Resource.collection,
                localState: Resource.Record.databaseTableName, db)
        }
    }
}

// MARK: - Private

extension FeatureStore {
    /// A change as it goes in a batch.
    private func change(_ entry: Outbox.Entry, body: Resource.Wire?) -> BatchChangeDTO<Resource.Wire> {
        let method: String
        switch entry.operation {
        case .create: method = "POST"
        case .update: method = "PUT"
        case .delete: method = "DELETE"
        }
        let path = entry.operation == .create ? Resource.collection : "\(Resource.collection)/\(entry.itemId)"
        return BatchChangeDTO(
            method: method, path: "/" + path, idempotencyKey: entry.idempotencyKey, ifMatch: entry.baseETag, body: body)
    }

    /// The changes as requests of their own, stopping at the first failure that may pass: the
    /// changes after it get that failure, unsent.
    private func oneByOne(_ changes: [BatchChangeDTO<Resource.Wire>]) async -> [Result<
        (Resource.Wire?, RemoteValidators), RemoteError
    >] {
        var outcomes: [Result<(Resource.Wire?, RemoteValidators), RemoteError>] = []
        for change in changes {
            if case .failure(let error) = outcomes.last, error.mayPass {
                outcomes.append(.failure(error))
                continue
            }
            var fields = HTTPFields()
            if let name = HTTPField.Name.idempotencyKey, let key = change.idempotencyKey { fields[name] = key }
            if let etag = change.ifMatch { fields[.ifMatch] = etag }
            let path = String(change.path.dropFirst())
            outcomes.append(
                await Result.catching { () async throws(RemoteError) in
                    switch change.method {
                    case "DELETE":
                        try await api.sendWithoutBody(.delete, path, headers: fields)
                        return (nil, RemoteValidators())
                    default:
                        let (wire, validators) = try await api.send(
                            change.method == "POST" ? .post : .put, path, body: change.body, headers: fields,
                            retryable: true, as: Resource.Wire.self)
                        return (wire, validators)
                    }
                })
        }
        return outcomes
    }

    /// Settles what the server took, in one transaction, and returns what it refused: each item
    /// written takes the server's version (and identifier), unless later changes to it wait; the
    /// server's lists, which no longer hold, are dropped.
    private func settle(
        _ answered: [(entry: Outbox.Entry, outcome: Result<(Resource.Wire?, RemoteValidators), RemoteError>)],
        damaged: [Outbox.Entry]
    ) throws(StorageError) -> [(entry: Outbox.Entry, error: RemoteError)] {
        var refused: [(entry: Outbox.Entry, error: RemoteError)] = []
        var accepted: [(entry: Outbox.Entry, item: Item?, validators: RemoteValidators)] = []
        for (entry, outcome) in answered {
            switch outcome {
            case .success((_, let validators)) where entry.operation == .delete:
                accepted.append((entry, nil, validators))
            case .success((let wire?, let validators)):
                do throws(RemoteError) {
                    let item = try Resource.item(from: wire)
                    if entry.operation == .update, Resource.id(of: item).rawValue != entry.itemId {
                        throw .invalidData(
                            "asked to change \(Resource.collection)/\(entry.itemId), the server answered with "
                                + "\(Resource.collection)/\(Resource.id(of: item))")
                    }
                    accepted.append((entry, item, validators))
                } catch {
                    refused.append((entry, error))
                }
            case .success((nil, _)):
                refused.append((entry, .invalidData("the answer to \(Resource.collection) carries no item")))
            case .failure(let error):
                refused.append((entry, error))
            }
        }
        refused += damaged.map { ($0, RemoteError.badRequest) }
        guard !accepted.isEmpty else { return refused }
        let moment = now()
        var forgotten: [ID] = []
        // The scenes reload as soon as the transaction commits (the database announces it), so the
        // memory tiers drop the old versions first, and again after, in case a read came between.
        lists.evacuateMemory()
        defer { refreshPending(forgotten.map(\.rawValue)) }
        try database.write { db in
            let settled = accepted.compactMap { entry, item, validators in
                ID(rawValue: entry.itemId).map { local in
                    (
                        entry: entry, local: local, serverID: item.map(Resource.id(of:)) ?? local, item: item,
                        validators: validators
                    )
                }
            }
            let waiting = try Outbox.completed(
                settled.map { ($0.entry, $0.serverID.rawValue, $0.validators.etag) }, collection: Resource.collection,
                localState: Resource.Record.databaseTableName, db)
            forgotten = settled.flatMap { [$0.local, $0.serverID] }
            var stale: [ID] = []
            var rows: [(key: ID, record: Resource.Record, metadata: CacheMetadata)] = []
            for change in settled {
                guard let item = change.item else { continue }
                let (local, serverID) = (change.local, change.serverID)
                if waiting.contains(serverID.rawValue) {
                    // Later changes wait: the device's newer copy keeps its content, under the new id.
                    if local != serverID, let row = try Resource.Record.filter(key: local.rawValue).fetchOne(db) {
                        try RecordStore<Resource.Record>.delete([local], db)
                        let moved = Resource.item(try row.object(), identifiedAs: serverID)
                        try Self.writeRow(moved, id: serverID, metadata: CacheMetadata(fetchedAt: moment), db)
                    }
                    continue
                }
                if local != serverID { stale.append(local) }
                let metadata = CacheMetadata(
                    fetchedAt: moment, etag: change.validators.etag, maxAge: change.validators.maxAge)
                rows.append((serverID, try Resource.Record(item, key: serverID), metadata))
            }
            try RecordStore<Resource.Record>.delete(stale, db)
            try RecordStore<Resource.Record>.write(rows, db)
            try ListRecord<Resource>.dropAll(db)
            settledHere.remember(
                versions: settled.compactMap { change in change.item.map { (change.serverID.rawValue, $0.version) } },
                deleted: settled.filter { $0.item == nil }.map(\.serverID.rawValue))
        }
        source.forgetInMemory(forgotten)
        lists.evacuateMemory()
        return refused
    }
}
