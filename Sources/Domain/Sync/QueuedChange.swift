public import Foundation

/// One change waiting to be sent, to an item of any collection (documents or a feature's).
///
/// What `outbox list` shows. Every collection's changes share one numbering, in the order they
/// were made, so a number names one change wherever it is queued.
public struct QueuedChange: Equatable, Sendable {
    /// The collection the documents' changes belong to.
    public static let documents = "documents"

    /// The change's number.
    public let id: Int
    /// The server's collection of the item, such as `documents`.
    public let collection: String
    /// The item changed (negative while it exists on this device only).
    public let itemId: Int
    /// What the change does.
    public let operation: OutboxEntry.Operation
    /// Where it stands.
    public let state: OutboxEntry.State
    /// How many times sending it failed.
    public let attempts: Int
    /// Why it last failed, if it did.
    public let lastError: String?
    /// When the change was made.
    public let createdAt: Date

    /// Creates a queued change.
    public init(
        id: Int, collection: String, itemId: Int, operation: OutboxEntry.Operation, state: OutboxEntry.State,
        attempts: Int, lastError: String?, createdAt: Date
    ) {
        self.id = id
        self.collection = collection
        self.itemId = itemId
        self.operation = operation
        self.state = state
        self.attempts = attempts
        self.lastError = lastError
        self.createdAt = createdAt
    }

    /// A change to a document.
    public init(_ entry: OutboxEntry) {
        self.init(
            id: entry.id, collection: Self.documents, itemId: entry.documentId.rawValue, operation: entry.operation,
            state: entry.state, attempts: entry.attempts, lastError: entry.lastError, createdAt: entry.createdAt)
    }
}
