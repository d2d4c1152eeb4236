import Domain
import Foundation
import GRDB

extension FeatureStore {
    /// One page of the items, newest change first, and the next page's cursor.
    ///
    /// From this device's table under `local-only`, and under `cache-first` and `skip-memory` once
    /// a sync pulled the collection here (the device then holds every item, each as this device
    /// has it); from the server otherwise (`GET /<collection>?limit=N&after=CURSOR`), whose
    /// entries show as this device has them where it has unsent changes. Each side reads only the
    /// cursors it handed out. A first page the server cannot give, or that a server without the
    /// collection does not have, comes from the device, marked stale.
    func page(_ request: PageRequest, policy: ReadPolicy) async throws(DataSourceError) -> Fetched<
        Page<Resource.Summary>
    > {
        if try searchesOnDevice(policy) {
            return try onDevice(try devicePage(request), origin: .disk)
        }
        let fromServer: Page<Resource.Summary>
        do {
            fromServer = try await serverPage(request)
        } catch .badRequest where request.after != nil {
            throw .invalidCursor  // the server's word for a cursor it never handed out
        } catch {
            guard request.after == nil, policy != .remoteOnly, error.mayPass || error.isCollectionMissing else {
                throw .remote(error)
            }
            return Fetched(try devicePage(request), origin: .disk, freshness: .stale)
        }
        return Fetched(try showingUnsentChanges(fromServer), origin: .network)
    }

    /// A page of the collection's table, each item as this device has it.
    func devicePage(_ request: PageRequest) throws(DataSourceError) -> Page<Resource.Summary> {
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
                return Resource.summary(of: try Resource.Record(row: row).object())
            } catch {
                throw .storage(.corruptRow("\(Resource.collection): \(error)"))
            }
        }
        return Page(items: items, next: found.next)
    }
}

extension FeatureStore {
    /// Whether the server serves the collection at all; one deployed without the feature answers
    /// 404 to its list as it does to each of its items, which were not deleted.
    func serverHasCollection() async throws(RemoteError) -> Bool {
        do throws(RemoteError) {
            _ = try await serverPage(PageRequest(limit: 1))
            return true
        } catch .notFound {
            return false
        }
    }
}

// MARK: - Private

extension FeatureStore {
    /// A page as the server sent it.
    private func serverPage(_ request: PageRequest) async throws(RemoteError) -> Page<Resource.Summary> {
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
        let listed = try body.items.map { wire throws(RemoteError) in try Resource.summary(from: wire) }
        return Page(items: listed, next: next)
    }

    /// The server's page with each entry whose item has unsent changes here as this device has it.
    private func showingUnsentChanges(_ page: Page<Resource.Summary>) throws(DataSourceError) -> Page<Resource.Summary>
    {
        let local: [Int: Item]
        do {
            local = try database.read { db in
                let touched = try Outbox.itemsWithChanges(in: Resource.collection, db)
                guard !touched.isEmpty else { return [:] }
                let items = try Resource.Record.filter(keys: touched.sorted()).fetchAll(db).compactMap {
                    try? $0.object()
                }
                return Dictionary(items.map { (Resource.id(of: $0).rawValue, $0) }, uniquingKeysWith: { $1 })
            }
        } catch {
            throw .storage(error)
        }
        let shown = page.items.map { summary in
            local[Resource.position(of: summary).id].map(Resource.summary(of:)) ?? summary
        }
        return Page(items: shown, next: page.next)
    }

    /// A page's answer: the entries and the next page's cursor.
    private struct PageDTO: Decodable, Sendable {
        let items: [Resource.SummaryWire]
        let next: String?
    }
}
