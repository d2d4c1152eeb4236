public import Domain
import Foundation

/// The production ``DocumentRepositoryProtocol``: documents on the sync engine, as every
/// generated feature's repository is, speaking ``DocumentError``.
public struct DocumentRepositoryImpl: DocumentRepositoryProtocol {
    /// The documents' collection on the engine.
    let store: FeatureStore<DocumentResource>

    /// All documents, newest change first, with unsent changes shown.
    public func documents(policy: ReadPolicy) async throws(DocumentError) -> Fetched<[DocumentSummary]> {
        do { return try await store.list(policy: policy) } catch { throw error.documentError(id: nil) }
    }

    /// One page of the documents, from this device's store or from the server.
    public func documents(page: PageRequest, policy: ReadPolicy) async throws(DocumentError) -> Fetched<DocumentPage> {
        do { return try await store.page(page, policy: policy) } catch { throw error.documentError(id: nil) }
    }

    /// One document: this device's version while it has unsent changes.
    public func document(id: Document.ID, policy: ReadPolicy) async throws(DocumentError) -> Fetched<Document> {
        do { return try await store.item(id, policy: policy) } catch { throw error.documentError(id: id) }
    }

    /// Documents matching a query: the server's search, or this device's index once a sync
    /// brought the documents here (``DocumentSearch`` says what matches either way).
    public func search(_ query: String, policy: ReadPolicy) async throws(DocumentError) -> Fetched<[DocumentSummary]> {
        do { return try await store.search(query, words: DocumentSearch.words(in: query), policy: policy) } catch {
            throw error.documentError(id: nil)
        }
    }

    /// Saves the new document on this device with its queued creation, then sends it if the
    /// server is reachable: the answer has the server's id, or a negative one while it waits.
    public func create(_ draft: DocumentDraft) async throws(DocumentError) -> Document {
        do { return try await store.create(Self.unsent(draft)) } catch {
            throw error.documentError(id: nil)
        }
    }

    /// Saves every document on this device in one transaction, then sends them in batches.
    public func create(_ drafts: [DocumentDraft]) async throws(DocumentError) {
        try await queue(drafts)
        await sendQueued()
    }

    /// Saves new documents on this device, all in one transaction, queued for the server.
    ///
    /// It runs off the caller's actor: a chunk of an import is hundreds of rows, and on the main
    /// actor their transaction kept the import's send from starting until every chunk was saved.
    @concurrent
    public func queue(_ drafts: [DocumentDraft]) async throws(DocumentError) {
        do {
            try store.queue(drafts.map(Self.unsent))
        } catch {
            throw error.documentError(id: nil)
        }
    }

    /// Sends the queued changes, unless the network is known to be down (one push at a time).
    public func sendQueued() async {
        await store.sendQueued()
    }

    /// Saves the changes on this device against the version they were made on, then sends them.
    public func update(id: Document.ID, with changes: DocumentChanges) async throws(DocumentError) -> Document {
        let current = try await document(id: id, policy: .cacheFirst).value
        do { return try await store.update(changes.applied(to: current)) } catch { throw error.documentError(id: id) }
    }

    /// Deletes the document on this device, then sends the delete.
    public func delete(id: Document.ID) async throws(DocumentError) {
        do { try await store.delete(id) } catch { throw error.documentError(id: id) }
    }

    /// A new document as this device saves it, until the server's answer replaces it.
    private static func unsent(_ draft: DocumentDraft) -> @Sendable (Document.ID, Date) -> Document {
        { id, moment in Document(draft, id: id, savedAt: moment, version: 0, syncState: .pending) }
    }
}
