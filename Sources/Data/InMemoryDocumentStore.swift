import Domain
import Foundation

/// A document repository that keeps everything in process memory; used until the SQLite and HTTP
/// stores are wired in, and by anyone who wants a store without files.
public actor InMemoryDocumentStore: DocumentRepositoryProtocol {
    private var documentsByID: [Int: Document]
    private var nextID: Int
    private let now: @Sendable () -> Date

    /// Creates a store holding `documents`; new documents get ids after the largest one.
    public init(documents: [Document] = [], now: @escaping @Sendable () -> Date = { Date() }) {
        self.documentsByID = Dictionary(documents.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        self.nextID = (documents.map(\.id).max() ?? 0) + 1
        self.now = now
    }

    /// All documents, newest change first.
    public func documents(policy: ReadPolicy) async throws(DocumentError) -> Fetched<[DocumentSummary]> {
        Fetched(sorted(documentsByID.values).map(\.summary), origin: .memory)
    }

    /// One document by identifier.
    public func document(id: Int, policy: ReadPolicy) async throws(DocumentError) -> Fetched<Document> {
        guard let document = documentsByID[id] else { throw .notFound(id: id) }
        return Fetched(document, origin: .memory)
    }

    /// Documents whose title, body or tags contain the query, ignoring case.
    public func search(
        _ query: String, policy: ReadPolicy
    ) async throws(DocumentError) -> Fetched<[DocumentSummary]> {
        let matches = documentsByID.values.filter { $0.matches(query) }
        return Fetched(sorted(matches).map(\.summary), origin: .memory)
    }

    /// Saves a new document with the next free identifier.
    public func create(_ draft: DocumentDraft) async throws(DocumentError) -> Document {
        let timestamp = now()
        let document = Document(
            id: nextID, title: draft.title, body: draft.body, tags: draft.tags,
            createdAt: timestamp, updatedAt: timestamp, version: 1
        )
        nextID += 1
        documentsByID[document.id] = document
        return document
    }

    /// Applies changes and bumps the version.
    public func update(id: Int, with changes: DocumentChanges) async throws(DocumentError) -> Document {
        guard let existing = documentsByID[id] else { throw .notFound(id: id) }
        var updated = changes.applied(to: existing)
        updated.version = existing.version + 1
        updated.updatedAt = now()
        documentsByID[id] = updated
        return updated
    }

    /// Deletes a document.
    public func delete(id: Int) async throws(DocumentError) {
        guard documentsByID.removeValue(forKey: id) != nil else { throw .notFound(id: id) }
    }
}

// MARK: - Private

extension InMemoryDocumentStore {
    private func sorted(_ documents: some Sequence<Document>) -> [Document] {
        documents.sorted { ($0.updatedAt, $0.id) > ($1.updatedAt, $1.id) }
    }
}
