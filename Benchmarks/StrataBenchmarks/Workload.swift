import Domain
import Foundation
import StrataData

/// The records every benchmark reads and writes, generated on demand.
enum Workload {
    static let fetchedAt = Date(timeIntervalSince1970: 1_767_258_000)

    static func record(_ id: Int) -> Document {
        Document(
            id: id, title: "Benchmark document \(id)",
            body: "A body of about a hundred bytes, long enough to look like a real note for document \(id).",
            tags: ["bench", "t\(id % 10)"], createdAt: fetchedAt, updatedAt: fetchedAt, version: 1
        )
    }

    /// The SELECT the SQLite store runs for one document, used verbatim by the baselines.
    static let selectSQL = """
        SELECT t.id, t.title, t.body, t.tags, t.created_at, t.updated_at, t.version, m.fetched_at, m.etag, m.max_age \
        FROM document t LEFT JOIN cache_metadata m ON m.key = ? WHERE t.id = ?
        """
}

/// A remote store that makes documents up instead of asking a server (for disk-tier benchmarks).
struct GeneratedRemoteStore: RemoteStore {
    func fetch(_ key: Int, ifNoneMatch etag: String?) async throws(RemoteError) -> RemoteFetch<Document> {
        .modified(Workload.record(key), RemoteValidators(etag: "\"g\(key)\"", maxAge: 3600))
    }
}

/// A writer that is never called by the read benchmarks.
struct UnusedWriter: DocumentWriterProtocol {
    func create(_ draft: DocumentDraft, idempotencyKey: String?) async throws(RemoteError)
        -> (Document, RemoteValidators)
    { throw .forbidden }
    func update(id: Int, with changes: DocumentChanges, ifMatch: String?, idempotencyKey: String?)
        async throws(RemoteError) -> (Document, RemoteValidators)
    { throw .forbidden }
    func delete(id: Int, ifMatch: String?, idempotencyKey: String?) async throws(RemoteError) { throw .forbidden }
    func fetch(id: Int) async throws(RemoteError) -> (Document, RemoteValidators)? { throw .forbidden }
    func changes(since: Int, limit: Int) async throws(RemoteError) -> RemoteChanges { throw .forbidden }
}
