public import Foundation

/// Why an attachment could not be added, listed or saved.
public enum AttachmentError: Error, LocalizedError, Equatable, Sendable {
    /// The name breaks a rule of ``AttachmentRules``; the reason says which.
    case invalidName(String, reason: String)
    /// No file at this path.
    case fileMissing(path: String)
    /// The path is a folder or something else that is not a regular file.
    case notAFile(path: String)
    /// The file exists but cannot be read.
    case unreadable(path: String)
    /// The file is larger than ``AttachmentRules/maxFileBytes``.
    case tooLarge(bytes: Int, limit: Int)
    /// The document does not exist (on the server, or on this device).
    case documentNotFound(Document.ID)
    /// The document was created on this device and has not been sent yet: the server has no
    /// attachments for it until a sync.
    case notSentYet(Document.ID)
    /// The document already has an attachment of this name.
    case alreadyAttached(String)
    /// The document has no attachment of this name.
    case attachmentNotFound(String)
    /// The server could not be reached or failed; try again later. The reason is the whole line
    /// ("the server cannot be reached", "the server did not answer in time").
    case unreachable(String)
    /// The server refused the request; the reason says why.
    case refused(String)
    /// The device could not store or read what it needed (disk full, permissions).
    case storage(String)

    /// One line for the user.
    public var errorDescription: String? {
        switch self {
        case .invalidName(let name, let reason): "'\(name)' cannot name an attachment: \(reason)"
        case .fileMissing(let path): "no file at '\(path)'"
        case .notAFile(let path): "'\(path)' is not a file (a folder, a device or a pipe)"
        case .unreadable(let path): "cannot read '\(path)'"
        case .tooLarge(let bytes, let limit):
            "the file has \(bytes) bytes; an attachment has at most \(limit) (\(limit >> 20) MiB)"
        // The same words as every other command that misses the document.
        case .documentNotFound(let id): DocumentError.notFound(id: id).errorDescription
        case .alreadyAttached(let name): "the document already has an attachment named '\(name)'"
        case .attachmentNotFound(let name): "the document has no attachment named '\(name)'"
        case .notSentYet(let id): "document \(id) has not reached the server yet: run 'sync' first"
        case .unreachable(let reason): reason
        case .refused(let reason): "the server refused the attachment: \(reason)"
        case .storage(let reason): "cannot store the attachment on this device: \(reason)"
        }
    }
}

extension AttachmentError: UserFacingError {
    /// None: it is about no one field of an item.
    public var fieldName: String? { nil }

    /// What a screen may offer.
    public var remedy: Remedy {
        switch self {
        case .unreachable, .notSentYet: .retry
        case .invalidName, .fileMissing, .notAFile, .unreadable, .tooLarge, .alreadyAttached: .fixInput
        case .documentNotFound, .attachmentNotFound: .pickAnother
        case .refused, .storage: .none
        }
    }
}
