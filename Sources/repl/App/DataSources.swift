import Domain
import Foundation
import StrataData

/// The app's three cache-backed data sources, each tuned for its kind of data.
struct DataSources {
    /// Documents by id: SQLite under an HTTP resource, fresh for 5 minutes without `max-age`.
    let documents: CacheBackedDataSource<SQLiteDocumentStore, HTTPDocumentStore>
    /// Lists and searches: fresh for 1 minute without `max-age`.
    let lists: CacheBackedDataSource<SQLiteDocumentListStore, HTTPDocumentListStore>
    /// User profiles: fresh for an hour without `max-age`.
    let users: CacheBackedDataSource<SQLiteUserStore, HTTPUserStore>

    /// Wires the sources over one database and one API client.
    init(
        database: AppDatabase, api: APIClient, now: @escaping @Sendable () -> Date,
        context: MemoryCacheLimits.Context = .mainApp
    ) {
        let limits = MemoryCacheLimits.forContext(context)
        documents = CacheBackedDataSource(
            local: SQLiteDocumentStore(database: database), remote: .documents(api),
            configuration: .init(timeToLive: 300, memoryLimits: limits, cost: Self.cost(of:)), now: now
        )
        lists = CacheBackedDataSource(
            local: SQLiteDocumentListStore(database: database), remote: .documentLists(api),
            configuration: .init(
                timeToLive: 60, memoryLimits: limits, cost: { $0.reduce(64) { $0 + Self.cost(of: $1) } }),
            now: now
        )
        users = CacheBackedDataSource(
            local: SQLiteUserStore(database: database), remote: .users(api),
            configuration: .init(
                timeToLive: 3600, memoryLimits: limits,
                cost: { 64 + $0.name.utf8.count + $0.email.utf8.count + $0.bio.utf8.count }
            ),
            now: now
        )
    }

    nonisolated private static func cost(of document: Document) -> Int {
        64 + document.title.utf8.count + document.body.utf8.count + document.tags.reduce(0) { $0 + $1.utf8.count }
    }

    nonisolated private static func cost(of summary: DocumentSummary) -> Int {
        48 + summary.title.utf8.count + summary.tags.reduce(0) { $0 + $1.utf8.count }
    }
}
