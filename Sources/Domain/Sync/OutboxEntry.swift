public import Foundation

/// One change waiting to be sent to the server, in the order it was made.
public struct OutboxEntry: Equatable, Sendable {
    /// What the change does.
    public enum Operation: String, Sendable {
        /// Creates a document.
        case create
        /// Changes a document.
        case update
        /// Deletes a document.
        case delete
    }

    /// Where the entry stands.
    public enum State: String, Sendable {
        /// Waiting to be sent (or being retried).
        case pending
        /// Refused by the server for good; kept with its error until retried.
        case parked
        /// The server's version differs; kept until the user resolves it.
        case conflict
    }

    /// The entry's number: changes are sent in this order.
    public let id: Int
    /// The document changed.
    public let documentId: Document.ID
    /// What the change does.
    public let operation: Operation
    /// Where the entry stands.
    public let state: State
    /// How many times sending it failed.
    public let attempts: Int
    /// Why it last failed, if it did.
    public let lastError: String?
    /// When the change was made.
    public let createdAt: Date

    /// Creates an entry.
    public init(
        id: Int, documentId: Document.ID, operation: Operation, state: State, attempts: Int, lastError: String?,
        createdAt: Date
    ) {
        self.id = id
        self.documentId = documentId
        self.operation = operation
        self.state = state
        self.attempts = attempts
        self.lastError = lastError
        self.createdAt = createdAt
    }
}
