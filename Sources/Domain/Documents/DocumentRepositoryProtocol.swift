/// Reads and writes documents wherever they live; implemented in the Data layer.
///
/// Every method throws only ``DocumentError``: implementations map storage, network and decoding
/// failures at this boundary (ADR 0003).
public protocol DocumentRepositoryProtocol: Sendable {
    /// All documents, in ``DocumentOrder`` (newest change first).
    func documents(policy: ReadPolicy) async throws(DocumentError) -> Fetched<[DocumentSummary]>
    /// One page of all documents, in ``DocumentOrder``, and the cursor of the next.
    func documents(page: PageRequest, policy: ReadPolicy) async throws(DocumentError) -> Fetched<DocumentPage>
    /// One document by identifier.
    func document(id: Document.ID, policy: ReadPolicy) async throws(DocumentError) -> Fetched<Document>
    /// Documents that ``DocumentSearch`` matches with the query, in ``DocumentOrder``.
    func search(_ query: String, policy: ReadPolicy) async throws(DocumentError) -> Fetched<[DocumentSummary]>
    /// Saves a new document and returns it with its identifier, dates and version.
    func create(_ draft: DocumentDraft) async throws(DocumentError) -> Document
    /// Saves several new documents together: all of them, or none when it throws.
    func create(_ drafts: [DocumentDraft]) async throws(DocumentError)
    /// Applies changes to a document and returns the saved result.
    func update(id: Document.ID, with changes: DocumentChanges) async throws(DocumentError) -> Document
    /// Deletes a document.
    func delete(id: Document.ID) async throws(DocumentError)
}
