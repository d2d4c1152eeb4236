import Domain
import Logging

/// The production ``DocumentRepositoryProtocol``: reads through cache-backed data sources, writes
/// to the server first and then caches the server's answer.
public struct DocumentRepositoryImpl: DocumentRepositoryProtocol {
    private let documents: any CachedReading<Int, Document>
    private let lists: any CachedReading<DocumentListQuery, [DocumentSummary]>
    private let writer: any DocumentWriterProtocol
    private let logger = Logger(label: "strata.data.documents")

    /// Creates the repository over its data sources and the server writer.
    public init(
        documents: any CachedReading<Int, Document>, lists: any CachedReading<DocumentListQuery, [DocumentSummary]>,
        writer: any DocumentWriterProtocol
    ) {
        self.documents = documents
        self.lists = lists
        self.writer = writer
    }

    /// All documents, newest change first.
    public func documents(policy: ReadPolicy) async throws(DocumentError) -> Fetched<[DocumentSummary]> {
        do {
            return try await lists.read(.all, policy: policy)
        } catch {
            throw error.documentError(id: nil)
        }
    }

    /// One document.
    public func document(id: Int, policy: ReadPolicy) async throws(DocumentError) -> Fetched<Document> {
        do {
            return try await documents.read(id, policy: policy)
        } catch {
            throw error.documentError(id: id)
        }
    }

    /// Documents matching a query (the server searches; results are cached per query).
    public func search(_ query: String, policy: ReadPolicy) async throws(DocumentError) -> Fetched<[DocumentSummary]> {
        do {
            return try await lists.read(DocumentListQuery(search: query), policy: policy)
        } catch {
            throw error.documentError(id: nil)
        }
    }

    /// Creates on the server, then caches the new document and drops cached lists.
    public func create(_ draft: DocumentDraft) async throws(DocumentError) -> Document {
        do {
            let (document, validators) = try await writer.create(draft)
            await cacheWrite(document, validators)
            return document
        } catch {
            throw error.documentError(id: nil)
        }
    }

    /// Updates on the server (only if the cached version is still current), then caches the result.
    public func update(id: Int, with changes: DocumentChanges) async throws(DocumentError) -> Document {
        let etag = await documents.cachedETag(for: id)
        do {
            let (document, validators) = try await writer.update(id: id, with: changes, ifMatch: etag)
            await cacheWrite(document, validators)
            return document
        } catch {
            if error == .conflict || error == .notFound { try? await documents.invalidate(id) }
            throw error.documentError(id: id)
        }
    }

    /// Deletes on the server, then from every cache.
    public func delete(id: Int) async throws(DocumentError) {
        let etag = await documents.cachedETag(for: id)
        do {
            try await writer.delete(id: id, ifMatch: etag)
        } catch {
            if error == .conflict || error == .notFound { try? await documents.invalidate(id) }
            throw error.documentError(id: id)
        }
        try? await documents.invalidate(id)
        try? await lists.invalidateAll()
    }
}

// MARK: - Private

extension DocumentRepositoryImpl {
    /// The server has the write; failing to cache it only costs a later re-fetch, so it is logged.
    private func cacheWrite(_ document: Document, _ validators: RemoteValidators) async {
        do {
            try await documents.store(document, for: document.id, validators: validators)
            try await lists.invalidateAll()
        } catch {
            logger.warning("saved document \(document.id) but could not update the cache: \(error)")
        }
    }
}
