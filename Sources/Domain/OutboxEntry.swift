import Foundation

/// One change waiting to be sent to the server, in the order it was made.
public struct OutboxEntry: Equatable, Sendable, Codable {
    /// What the change does.
    public enum Operation: String, Codable, Sendable {
        /// Creates a document.
        case create
        /// Changes a document.
        case update
        /// Deletes a document.
        case delete
    }

    /// Where the entry stands.
    public enum State: String, Codable, Sendable {
        /// Waiting to be sent (or being retried).
        case pending
        /// Refused by the server for good; kept with its error until retried.
        case parked
        /// The server's version differs; kept until the user resolves it.
        case conflict
    }

    /// The entry's number: changes are sent in this order.
    public let id: Int
    /// The document changed (negative while it exists on this device only).
    public let documentId: Int
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
        id: Int, documentId: Int, operation: Operation, state: State, attempts: Int, lastError: String?,
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

/// A change the server's version contradicts: both versions, kept until the user chooses.
public struct DocumentConflict: Equatable, Sendable {
    /// The outbox entry in conflict.
    public let entryId: Int
    /// The document.
    public let documentId: Int
    /// The version made on this device.
    public let local: Document
    /// The server's version, or `nil` when the server deleted the document.
    public let remote: Document?

    /// Creates a conflict.
    public init(entryId: Int, documentId: Int, local: Document, remote: Document?) {
        self.entryId = entryId
        self.documentId = documentId
        self.local = local
        self.remote = remote
    }
}
