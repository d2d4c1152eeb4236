import Domain
import Foundation
import GRDB

extension FeatureStore {
    /// Every item, newest change first, with this device's unsent changes shown.
    ///
    /// The server's list (cached, revalidated as the policy says) with this device's versions laid
    /// over it. Under `local-only` once a sync pulled the collection here, the device's items
    /// answer (the cached list may be gone: a pull drops it); so do they when the cached list is
    /// missing under `local-only`, or when the server cannot be reached under `cache-first` and
    /// `skip-memory` (marked stale before a sync, when the device holds only some of them), as
    /// when the server has no such collection yet: one list, whichever way the items came.
    func list(policy: ReadPolicy) async throws(DataSourceError) -> Fetched<[Resource.Summary]> {
        let synced = try hasPulled()
        if policy == .localOnly, synced { return try allOnDevice() }
        do {
            return try overlay(try await lists.read(.all, policy: policy).map(\.summaries), words: nil)
        } catch {
            guard Self.answersFromDevice(after: error, policy: policy, synced: synced),
                let found = try? allOnDevice(), synced || !found.value.isEmpty
            else { throw error }
            return found
        }
    }

    /// The items matching a search, newest change first (the device's best match first).
    ///
    /// On the device's index (offline too) under `local-only`, and under `cache-first` and
    /// `skip-memory` once a sync pulled the collection here; the server's search (`?q=`, cached per
    /// query) otherwise, with this device's unsent items that match laid over it. `words` are the
    /// query's search words, by the Domain's rule; the index refuses a query without one
    /// (``DataSourceError/noWordsOnDevice``), where the server looks for the text itself.
    func search(_ query: String, words: [String], policy: ReadPolicy) async throws(DataSourceError) -> Fetched<
        [Resource.Summary]
    > {
        if try searchesOnDevice(policy) {
            guard !words.isEmpty else { throw .noWordsOnDevice }
            return try onDevice(try search(words).map(Resource.summary(of:)), origin: .index)
        }
        return try overlay(
            try await lists.read(ListQuery(search: query), policy: policy).map(\.summaries), words: words)
    }

    /// The items on this device in which every one of `words` begins a word of a searchable
    /// field, best match first (at most ``SearchIndex/limit``).
    ///
    /// None when the collection has no search. From the device alone, offline too, each as this
    /// device has it.
    func search(_ words: [String]) throws(DataSourceError) -> [Item] {
        guard !Resource.searchableColumns.isEmpty, !words.isEmpty else { return [] }
        let index = SearchIndex(
            database: database, table: Resource.Record.databaseTableName, columns: Resource.searchableColumns,
            weights: Resource.searchWeights)
        do {
            return try index.search(words).map { row throws(StorageError) in
                do {
                    return try Resource.Record(row: row).object()
                } catch {
                    throw .corruptRow("\(Resource.collection): \(error)")
                }
            }
        } catch {
            throw .storage(error)
        }
    }

    /// Whether a sync has pulled the collection to this device.
    func hasPulled() throws(DataSourceError) -> Bool {
        try reading { db in try SyncValueRecord.value(SyncValueRecord.cursorKey(Resource.collection), db) != nil }
    }

    /// Whether reads under `policy` answer from this device's table and index.
    func searchesOnDevice(_ policy: ReadPolicy) throws(DataSourceError) -> Bool {
        switch policy {
        case .localOnly: true
        case .cacheFirst, .skipMemory: try hasPulled()
        case .networkFirst, .remoteOnly: false
        }
    }

    /// What the device answers a read with: fresh as of the last sync once a sync pulled the
    /// collection here; before that the device holds only what it read and made, so stale.
    func onDevice<Value>(_ value: Value, origin: DataOrigin) throws(DataSourceError) -> Fetched<Value> {
        Fetched(value, origin: origin, freshness: try hasPulled() ? .fresh : .stale, ageSeconds: try lastSyncAge())
    }

    /// Seconds since the last sync finished (0 before the first).
    func lastSyncAge() throws(DataSourceError) -> Int {
        let last = try reading { db in try SyncValueRecord.value(.lastSyncAt, db) }.flatMap(Double.init)
        return last.map { CacheMetadata.wholeSeconds(from: Date(timeIntervalSince1970: $0), to: now()) } ?? 0
    }
}

// MARK: - Private

extension FeatureStore {
    /// How many of the device's items one read of the whole list takes at a time.
    private static var devicePageSize: Int { 1_000 }

    /// Lays this device's unsent changes over a list of the server's: its versions replace the
    /// server's, its deletions remove, its new items appear (those matching `words` for a search).
    private func overlay(_ fetched: Fetched<[Resource.Summary]>, words: [String]?) throws(DataSourceError)
        -> Fetched<[Resource.Summary]>
    {
        let touched = try reading { db in try Outbox.itemsWithChanges(in: Resource.collection, db) }
        guard !touched.isEmpty else { return fetched }
        var shown: [Item]
        if let words {
            shown = try search(words).filter { touched.contains(Resource.id(of: $0).rawValue) }
        } else {
            shown = try reading { db in
                try Resource.Record.filter(keys: touched.sorted()).fetchAll(db).compactMap { try? $0.object() }
            }
        }
        shown = shown.map { Resource.item($0, marked: .pending) }
        return fetched.map { items in
            Self.ordered(
                items.filter { !touched.contains(Resource.position(of: $0).id) } + shown.map(Resource.summary(of:)))
        }
    }

    /// Every item on the device, page by page, newest change first.
    private func allOnDevice() throws(DataSourceError) -> Fetched<[Resource.Summary]> {
        var items: [Resource.Summary] = []
        var after: PageCursor?
        repeat {
            let page = try devicePage(PageRequest(limit: Self.devicePageSize, after: after))
            items += page.items
            after = page.next
        } while after != nil
        return try onDevice(items, origin: .disk)
    }

    /// Newest change first, then the highest identifier (the order every list has).
    static func ordered(_ summaries: [Resource.Summary]) -> [Resource.Summary] {
        summaries.sorted { left, right in
            let (a, b) = (Resource.position(of: left), Resource.position(of: right))
            return a.updatedAt != b.updatedAt ? a.updatedAt > b.updatedAt : a.id > b.id
        }
    }

    /// Whether a list read that failed with `failure` falls back to the items on the device.
    private static func answersFromDevice(after failure: DataSourceError, policy: ReadPolicy, synced: Bool) -> Bool {
        switch (policy, failure) {
        case (.localOnly, .notCached): true
        case (.cacheFirst, .notCached): synced
        case (.cacheFirst, .remote(let error)), (.skipMemory, .remote(let error)):
            error.isUnavailable || error.isCollectionMissing
        default: false
        }
    }
}

extension RemoteError {
    /// Whether the server could not be reached or could not answer now.
    var isUnavailable: Bool {
        switch self {
        case .rateLimited, .server, .offline, .timedOut, .unexpectedStatus: true
        default: false
        }
    }

    /// Whether a read of a whole list failed because the server has no such collection: one
    /// deployed before the feature (an app ahead of its server) answers 404 to its list, which a
    /// server with the collection never does.
    var isCollectionMissing: Bool {
        if case .notFound = self { true } else { false }
    }
}
