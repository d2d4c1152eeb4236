/// A change the server's version contradicts: both versions, kept until the user chooses.
public struct DocumentConflict: Equatable, Sendable {
    /// The outbox entry in conflict.
    public let entryId: Int
    /// The document.
    public let documentId: Document.ID
    /// The version made on this device, or `nil` when this device deletes the document.
    public let local: Document?
    /// The server's version, or `nil` when the server deleted the document.
    public let remote: Document?

    /// Creates a conflict.
    public init(entryId: Int, documentId: Document.ID, local: Document?, remote: Document?) {
        self.entryId = entryId
        self.documentId = documentId
        self.local = local
        self.remote = remote
    }
}
