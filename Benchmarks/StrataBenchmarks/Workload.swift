import Domain
import Foundation
import StrataData

/// The records every benchmark reads and writes, generated on demand.
enum Workload {
    static let fetchedAt = Date(timeIntervalSince1970: 1_767_258_000)

    static func id(_ number: Int) -> Document.ID {
        Document.ID.server(number) ?? id(1)
    }

    static func record(_ number: Int) -> Document {
        Document(
            id: id(number), title: "Benchmark document \(number)",
            body: "A body of about a hundred bytes, long enough to look like a real note for document \(number).",
            tags: ["bench", "t\(number % 10)"], createdAt: fetchedAt, updatedAt: fetchedAt, version: 1
        )
    }

    /// The SELECT the SQLite store runs for one document, used verbatim by the baselines.
    static let selectSQL = """
        SELECT t.*, m.fetched_at, m.etag, m.max_age \
        FROM document t LEFT JOIN cache_metadata m ON m.key = ? WHERE t.id = ?
        """

    /// The app's data stack over `database`, with remote stores that make data up instead of
    /// asking a server (for the on-device tiers and the use cases).
    static func stack(_ database: AppDatabase) -> DataStack {
        DataStack(
            database: database, documentsRemote: GeneratedRemoteStore(),
            listsRemote: InMemoryRemoteStore<DocumentListQuery, [DocumentSummary]>(),
            usersRemote: InMemoryRemoteStore<User.ID, User>(), writer: UnusedWriter(), monitor: NetworkMonitor(),
            now: { fetchedAt }, configuration: .init(documentsTimeToLive: 3600))
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

/// A writer that is never called by the read benchmarks.
struct UnusedWriter: DocumentWriterProtocol {
    func create(_ draft: DocumentDraft, idempotencyKey: String?) async throws(RemoteError)
        -> (Document, RemoteValidators)
    { throw .forbidden }
    func update(id: Document.ID, with changes: DocumentChanges, ifMatch: String?, idempotencyKey: String?)
        async throws(RemoteError) -> (Document, RemoteValidators)
    { throw .forbidden }
    func delete(id: Document.ID, ifMatch: String?, idempotencyKey: String?) async throws(RemoteError) {
        throw .forbidden
    }
    func fetch(id: Document.ID) async throws(RemoteError) -> (Document, RemoteValidators)? { throw .forbidden }
    func changes(since: Int, limit: Int) async throws(RemoteError) -> RemoteChanges { throw .forbidden }
}
