import Domain
import Foundation
import HTTPTypes
import StrataData

/// The records every benchmark reads and writes, generated on demand.
enum Workload {
    static let fetchedAt = Date(timeIntervalSince1970: 1_767_258_000)

    static func id(_ number: Int) -> Document.ID {
        Document.ID.server(number) ?? id(1)
    }

    static func record(_ number: Int) -> Document {
        Document(draft(number), id: id(number), savedAt: fetchedAt, version: 1, syncState: .synced)
    }

    /// The fields of document `number`: a title, a body of about a hundred bytes and two tags; a
    /// field the benchmarks do not vary keeps its blank value.
    static func draft(_ number: Int) -> DocumentDraft {
        var draft = DocumentDraft.empty
        draft.title = "Benchmark document \(number)"
        draft.body = "A body of about a hundred bytes, long enough to look like a real note for document \(number)."
        draft.tags = ["bench", "t\(number % 10)"]
        return draft
    }

    /// The SELECT the SQLite store runs for one document, used verbatim by the baselines.
    static let selectSQL = """
        SELECT t.*, m.fetched_at, m.etag, m.max_age \
        FROM document t LEFT JOIN cache_metadata m ON m.key = ? WHERE t.id = ?
        """

    /// The app's data stack over `database`, built as the app builds it (the same store types),
    /// over an API no request reaches: for the on-device tiers and the use cases.
    static func stack(_ database: AppDatabase) -> DataStack {
        let api = APIClient(
            baseURL: URL(string: "http://127.0.0.1:9") ?? URL(fileURLWithPath: "/"), http: UnreachableHTTPClient(),
            security: .development,
            retry: .never, clock: ContinuousClock(), now: { fetchedAt })
        return DataStack(
            database: database, api: api, monitor: NetworkMonitor(), now: { fetchedAt },
            configuration: .init(documentsTimeToLive: 3600))
    }

    /// The documents' data source alone, for bulk ingest.
    static func source(_ database: AppDatabase) -> CacheBackedDataSource<
        some LocalStore<Document.ID, Document>, GeneratedRemoteStore
    > {
        CacheBackedDataSource(
            local: database.documentStore(), remote: GeneratedRemoteStore(),
            configuration: .init(timeToLive: 3600, memoryLimits: .forContext(.mainApp), cost: { $0.body.utf8.count }),
            now: { fetchedAt })
    }
}

/// A remote store that makes documents up instead of asking a server (for disk-tier benchmarks).
struct GeneratedRemoteStore: RemoteStore {
    func fetch(_ key: Document.ID, ifNoneMatch etag: String?) async throws(RemoteError) -> RemoteFetch<Document> {
        .modified(Workload.record(key.rawValue), RemoteValidators(etag: "\"g\(key)\"", maxAge: 3600))
    }
}

/// A transport that never connects: the on-device benchmarks must not reach the network.
struct UnreachableHTTPClient: HTTPClientProtocol {
    func send(_ request: HTTPRequest, body: Foundation.Data?) async throws(TransportError) -> (
        HTTPResponse, Foundation.Data
    ) { throw .cannotConnect }

    func upload(_ request: HTTPRequest, fromFile file: URL) async throws(TransportError) -> (
        HTTPResponse, Foundation.Data
    ) { throw .cannotConnect }

    func download(_ request: HTTPRequest) async throws(TransportError) -> (HTTPResponse, URL) {
        throw .cannotConnect
    }
}
