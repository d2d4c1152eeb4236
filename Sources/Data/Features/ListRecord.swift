import Domain
import Foundation
import GRDB

/// What a cached list of the server's answers: every item, or a search.
struct ListQuery: Hashable, Sendable, CustomStringConvertible {
    /// The search text, or `nil` for every item.
    let search: String?

    /// Every item.
    static let all = ListQuery(search: nil)

    /// The cache key: `all` or `search=TEXT`.
    var description: String { search.map { "search=\($0)" } ?? "all" }
}

/// A list of the server's as the cache keeps it: the entries as the server sent them, and what
/// they say.
struct ServerList<Resource: FeatureResource>: Sendable {
    /// The entries, in the server's form.
    let entries: [Resource.SummaryWire]
    /// The same entries, as the Domain reads them.
    let summaries: [Resource.Summary]
}

/// A row of `resource_list`: one collection's cached list or search result.
///
/// The payload is the server's entries as they came, read back through the collection's own
/// mapping, as an answer fetched again would be; one that no longer reads (another build wrote
/// it, or it is damaged) is a miss and is fetched again, never an error for the user.
struct ListRecord<Resource: FeatureResource>: CacheableRecord {
    static var databaseTableName: String { "resource_list" }
    static var cacheNamespace: String { "list:\(Resource.collection)" }
    static var keyColumn: Column { Columns.key }
    /// The collection's own rows of the shared table.
    static var stored: QueryInterfaceRequest<Self> { filter(Columns.key.inNamespace(Resource.collection)) }

    /// `COLLECTION:all` or `COLLECTION:search=TEXT`.
    var key: String
    /// JSON: the entries as the server sent them.
    var payload: Data

    /// The table's columns.
    enum Columns {
        static var key: Column { Column("key") }
        static var payload: Column { Column("payload") }
    }

    static func databaseKey(_ key: ListQuery) -> DatabaseValue { "\(Resource.collection):\(key)".databaseValue }

    init(_ object: ServerList<Resource>, key: ListQuery) throws(StorageError) {
        self.key = "\(Resource.collection):\(key)"
        do {
            payload = try JSONCoding.encoder.encode(object.entries)
        } catch {
            throw .failed("cannot encode a list of \(Resource.collection): \(error)")
        }
    }

    init(columns row: some ColumnDecoding) throws {
        key = try row(Columns.key)
        payload = try row(Columns.payload)
    }

    func encodeColumns(into container: inout some ColumnEncoding) {
        container[Columns.key] = key
        container[Columns.payload] = payload
    }

    /// The list in the row.
    func object() throws(StorageError) -> ServerList<Resource> {
        do {
            let entries = try JSONCoding.decoder.decode([Resource.SummaryWire].self, from: payload)
            return ServerList(entries: entries, summaries: try entries.map { try Resource.summary(from: $0) })
        } catch {
            throw .corruptRow("a list of \(Resource.collection): \(error)")
        }
    }

    /// Drops the collection's cached lists and their metadata in `db`'s transaction: a change the
    /// server took makes them wrong.
    static func dropAll(_ db: Database) throws {
        try RecordStore<Self>.removeAll(db)
    }

    /// The SQL that creates the table (migration v13).
    static var schema: String { "CREATE TABLE resource_list (key TEXT PRIMARY KEY, payload BLOB NOT NULL)" }
}

/// The server's lists and searches of one collection: `GET /<collection>` and `?q=TEXT`.
struct ListStore<Resource: FeatureResource>: RemoteStore {
    let api: APIClient

    func fetch(_ key: ListQuery, ifNoneMatch etag: String?) async throws(RemoteError) -> RemoteFetch<
        ServerList<Resource>
    > {
        let query = key.search.map { [URLQueryItem(name: "q", value: $0)] } ?? []
        switch try await api.get(
            Resource.collection, query: query, ifNoneMatch: etag, as: FeatureListDTO<Resource.SummaryWire>.self)
        {
        case .modified(let list, let validators):
            let summaries = try list.items.map { wire throws(RemoteError) in try Resource.summary(from: wire) }
            return .modified(ServerList(entries: list.items, summaries: summaries), validators)
        case .notModified(let validators):
            return .notModified(validators)
        }
    }
}
