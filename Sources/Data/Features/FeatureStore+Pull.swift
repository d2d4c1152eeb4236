import Domain
import Foundation
import GRDB

extension FeatureStore {
    /// Brings the server's changes to the feature's items since this device's cursor.
    ///
    /// A page per transaction: changed items replace their rows and deleted ones leave, except
    /// items with changes still to send (their own push settles them). Returns how many items
    /// changed here.
    ///
    /// The feature's cursor is its own (each collection's change list is numbered by the server);
    /// a list that goes back starts over from 0 once, and one that says more follow without moving
    /// on stops the pull, as for documents.
    func pull(pageSize: Int) async throws(SyncError) -> (pulled: Int, deleted: Int) {
        var since = try cursor()
        var restarted = false
        var total = (pulled: 0, deleted: 0)
        while true {
            if Task.isCancelled { throw .cancelled }
            let answer: RemoteFetch<FeatureChangesDTO<Resource>>
            do {
                answer = try await api.get(
                    Resource.collection,
                    query: [
                        URLQueryItem(name: "since", value: String(since)), URLQueryItem(name: "full", value: "1"),
                        URLQueryItem(name: "limit", value: String(pageSize)),
                    ], as: FeatureChangesDTO<Resource>.self)
            } catch .cancelled {
                throw .cancelled
            } catch .invalidData {
                throw .invalidData
            } catch {
                throw .offline(pending: 0)  // the pusher says how many changes wait
            }
            guard case .modified(let page, _) = answer else { throw .invalidData }
            if page.serverVersion < since && !restarted {
                (since, restarted) = (0, true)
                continue
            }
            if page.serverVersion < since || (page.more && page.serverVersion <= since) {
                throw .unfitAnswer("the \(Resource.collection) change list did not move past change \(since)")
            }
            let items = try page.items.map { wire throws(SyncError) in
                do { return try Resource.item(from: wire) } catch { throw .invalidData }
            }
            let changed = try apply(items, deleted: page.deleted, reaching: page.serverVersion)
            source.forgetInMemory(changed)
            total.pulled += items.count
            total.deleted += page.deleted.count
            since = page.serverVersion
            if !page.more { return total }
        }
    }
}

// MARK: - Private

extension FeatureStore {
    /// The key under which the feature's cursor is kept in `sync_state`.
    static var cursorKey: String { "pull:\(Resource.collection)" }

    private func cursor() throws(SyncError) -> Int {
        do {
            return try database.read { db in
                try String.fetchOne(db, sql: "SELECT value FROM sync_state WHERE key = ?", arguments: [Self.cursorKey])
                    .flatMap(Int.init) ?? 0
            }
        } catch {
            throw .storageFailure
        }
    }

    /// Writes one page and the cursor it reaches in one transaction; returns the items it changed.
    private func apply(_ items: [Item], deleted: [Int], reaching version: Int) throws(SyncError) -> [ID] {
        let moment = now()
        do {
            return try database.write { db in
                var changed: [ID] = []
                for item in items where try !Self.hasChanges(Resource.id(of: item), db) {
                    try Self.writeRow(item, id: Resource.id(of: item), metadata: CacheMetadata(fetchedAt: moment), db)
                    changed.append(Resource.id(of: item))
                }
                for id in deleted.compactMap(ID.server) where try !Self.hasChanges(id, db) {
                    try RecordStore<Resource.Record>.delete(id, db)
                    changed.append(id)
                }
                try db.execute(
                    sql: "INSERT OR REPLACE INTO sync_state (key, value) VALUES (?, ?)",
                    arguments: [Self.cursorKey, String(version)])
                return changed
            }
        } catch {
            throw .storageFailure
        }
    }
}

/// A page of a feature's change list (`GET /<collection>?since=V&full=1`): the whole items under
/// the collection's own name, the identifiers deleted, and the version reached.
struct FeatureChangesDTO<Resource: FeatureResource>: Decodable, Sendable {
    let items: [Resource.Wire]
    let deleted: [Int]
    let serverVersion: Int
    let more: Bool

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        items = try container.decodeIfPresent([Resource.Wire].self, forKey: Key(stringValue: Resource.collection)) ?? []
        deleted = try container.decodeIfPresent([Int].self, forKey: Key(stringValue: "deleted")) ?? []
        serverVersion = try container.decode(Int.self, forKey: Key(stringValue: "serverVersion"))
        more = try container.decodeIfPresent(Bool.self, forKey: Key(stringValue: "more")) ?? false
    }
}
