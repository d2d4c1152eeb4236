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
    /// Saves several new documents together, as the `create` of many does, but only queues them
    /// for the server: ``sendQueued()`` sends them, so a caller saving many in parts can save the
    /// next part while the earlier ones are on their way.
    func queue(_ drafts: [DocumentDraft]) async throws(DocumentError)
    /// Sends the queued changes when the server can be reached; what cannot be sent stays queued.
    func sendQueued() async
    /// Applies changes to a document and returns the saved result.
    func update(id: Document.ID, with changes: DocumentChanges) async throws(DocumentError) -> Document
    /// Deletes a document.
    func delete(id: Document.ID) async throws(DocumentError)
}
