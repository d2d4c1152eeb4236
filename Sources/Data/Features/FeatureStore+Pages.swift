import Domain
import Foundation
import GRDB

extension FeatureStore {
    /// One page of the items, newest change first, and the next page's cursor.
    ///
    /// From this device's table under `localOnly`, and under `cacheFirst` once a sync pulled the
    /// collection here (the device then holds every item); from the server otherwise
    /// (`GET /<collection>?limit=N&after=CURSOR`), whose items are kept on the device and whose
    /// items with unsent changes show as this device has them. Each side reads only the cursors
    /// it handed out. A first page the server cannot give comes from the device, marked stale.
    func page(_ request: PageRequest, policy: ReadPolicy) async throws(DataSourceError) -> Fetched<Page<Item>> {
        let pulled = try hasPulled()
        if policy == .localOnly || (policy == .cacheFirst && pulled) {
            return Fetched(try devicePage(request), origin: .disk)
        }
        do {
            return Fetched(try await serverPage(request), origin: .network)
        } catch .badRequest where request.after != nil {
            throw .invalidCursor  // the server's word for a cursor it never handed out
        } catch {
            guard request.after == nil, policy != .remoteOnly, error.mayPass else { throw .remote(error) }
            return Fetched(try devicePage(request), origin: .disk, freshness: .stale)
        }
    }

    /// A page of the feature's table.
    private func devicePage(_ request: PageRequest) throws(DataSourceError) -> Page<Item> {
        let pages = KeysetPages(database: database, table: Resource.Record.databaseTableName, columns: "*")
        let found: (rows: [Row], next: PageCursor?)
        do {
            found = try pages.page(request, leaving: [])
        } catch .invalidCursor {
            throw .invalidCursor
        } catch {
            throw .storage(.failed("reading a page of \(Resource.collection)"))
        }
        let items = try found.rows.map { row throws(DataSourceError) in
            do {
                return try Resource.Record(row: row).object()
            } catch {
                throw .storage(.corruptRow("\(Resource.collection): \(error)"))
            }
        }
        return Page(items: items, next: found.next)
    }

    /// A page from the server; its items are kept here, except those with unsent changes, which
    /// show as this device has them.
    private func serverPage(_ request: PageRequest) async throws(RemoteError) -> Page<Item> {
        var query = [URLQueryItem(name: "limit", value: String(request.limit))]
        if let after = request.after { query.append(URLQueryItem(name: "after", value: after.rawValue)) }
        guard case .modified(let body, _) = try await api.get(Resource.collection, query: query, as: PageDTO.self)
        else { throw .invalidData("a page answered 304 to a request without validators") }
        guard body.items.count <= request.limit else {
            throw .invalidData("a page of \(request.limit) held \(body.items.count) items")
        }
        var next: PageCursor?
        if let text = body.next {
            guard let cursor = PageCursor(rawValue: text) else {
                throw .invalidData("the server's next cursor is not one the app can pass on")
            }
            next = cursor
        }
        let listed = try body.items.map { wire throws(RemoteError) in try Resource.item(from: wire) }
        let moment = now()
        let shown: [Item]
        do {
            shown = try database.write { db in
                try listed.map { item in
                    let id = Resource.id(of: item)
                    guard try Self.hasChanges(id, db) else {
                        try Self.writeRow(item, id: id, metadata: CacheMetadata(fetchedAt: moment), db)
                        return item
                    }
                    return try Resource.Record.filter(key: id.rawValue).fetchOne(db)?.object() ?? item
                }
            }
        } catch {
            throw .invalidData("the device's storage failed: \(error)")
        }
        source.forgetInMemory(listed.map(Resource.id(of:)))
        return Page(items: shown, next: next)
    }

    /// Whether a sync has pulled the collection to this device.
    private func hasPulled() throws(DataSourceError) -> Bool {
        try storage { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM sync_state WHERE key = ?)", arguments: [Self.cursorKey]) ?? false
        }
    }

    /// A page's answer: the items (summaries, which carry every field of a generated feature) and
    /// the next page's cursor.
    private struct PageDTO: Decodable, Sendable {
        let items: [Resource.Wire]
        let next: String?
    }
}

extension FeatureStore {
    /// The items on this device in which every one of `words` begins a word of a searchable
    /// field, best match first (at most ``SearchIndex/limit``); none when the feature has no search.
    ///
    /// From the device alone, offline too: a sync brings the collection here, and an item changed
    /// here is found as this device has it.
    func search(_ words: [String]) throws(DataSourceError) -> [Item] {
        guard !Resource.searchableColumns.isEmpty, !words.isEmpty else { return [] }
        let index = SearchIndex(
            database: database, table: Resource.Record.databaseTableName, columns: Resource.searchableColumns)
        let rows: [Row]
        do {
            rows = try index.search(words)
        } catch {
            throw .storage(error)
        }
        return try rows.map { row throws(DataSourceError) in
            do {
                return try Resource.Record(row: row).object()
            } catch {
                throw .storage(.corruptRow("\(Resource.collection): \(error)"))
            }
        }
    }
}
