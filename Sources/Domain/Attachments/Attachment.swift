public import Foundation

/// A file attached to a document, as the server keeps it.
///
/// Not plain `Attachment`: Swift Testing has a type of that name, and every test file that
/// imports both would have to spell the module out.
public struct DocumentAttachment: Equatable, Sendable {
    /// The document the file belongs to.
    public let documentID: Document.ID
    /// The file's name, unique within its document.
    public let name: String
    /// The file's size in bytes.
    public let size: Int
    /// When the server stored it.
    public let addedAt: Date

    /// Creates an attachment.
    public init(documentID: Document.ID, name: String, size: Int, addedAt: Date) {
        self.documentID = documentID
        self.name = name
        self.size = size
        self.addedAt = addedAt
    }
}

/// What became of a file the user attached.
public enum AttachOutcome: Equatable, Sendable {
    /// The server stored it.
    case uploaded(DocumentAttachment)
    /// The device keeps it and sends it at the next launch (the server could not be reached, or
    /// the document has not reached the server yet); the reason says which.
    case queued(PendingUpload, reason: String)
}

/// A file waiting on the device to be uploaded: already copied, so the original may change or go.
public struct PendingUpload: Equatable, Sendable {
    /// The document the file goes to (negative while the document itself has not reached the server).
    public let documentID: Document.ID
    /// The attachment's name.
    public let name: String
    /// The file's size in bytes.
    public let size: Int
    /// How many times it was sent without an answer.
    public let attempts: Int

    /// Creates a pending upload.
    public init(documentID: Document.ID, name: String, size: Int, attempts: Int) {
        self.documentID = documentID
        self.name = name
        self.size = size
        self.attempts = attempts
    }
}

/// What resending the queued uploads did.
public struct UploadResumption: Equatable, Sendable {
    /// The uploads the server stored now (or had stored already: never twice).
    public var uploaded: [DocumentAttachment] = []
    /// The uploads the server refused for good, with why; they are dropped from the queue.
    public var refused: [Refusal] = []
    /// The uploads still queued.
    public var stillQueued: [PendingUpload] = []

    /// An upload the server refused.
    public struct Refusal: Equatable, Sendable {
        /// The upload.
        public let upload: PendingUpload
        /// Why.
        public let error: AttachmentError

        /// Creates a refusal.
        public init(upload: PendingUpload, error: AttachmentError) {
            self.upload = upload
            self.error = error
        }
    }

    /// Creates an empty resumption.
    public init(uploaded: [DocumentAttachment] = [], refused: [Refusal] = [], stillQueued: [PendingUpload] = []) {
        self.uploaded = uploaded
        self.refused = refused
        self.stillQueued = stillQueued
    }
}
