public import Foundation

/// Everything that can go wrong with documents, as the user should hear it.
public enum DocumentError: Error, LocalizedError, Equatable, Sendable {
    /// The number is not a document identifier (0).
    case invalidID(Int)
    /// No document has this identifier.
    case notFound(id: Document.ID)
    /// A field breaks one of ``DocumentRules``: the field, and the reason the user reads, which
    /// names it (the rule and its wording live together, as a generated feature's do).
    case invalidField(DocumentField, reason: String)
    /// An update that would change nothing.
    case noChanges
    /// A search with nothing to search for.
    case emptyQuery
    /// A search query longer than the limit, in characters.
    case queryTooLong(maxCharacters: Int)
    /// A page size outside 1 to the limit.
    case invalidPageSize(Int, max: Int)
    /// A page cursor the list does not know (from another list or policy, or not one it handed out).
    case invalidCursor
    /// A search on this device whose query has no letter or digit to look for (only quotes,
    /// operators or punctuation).
    case noSearchableWords
    /// The server refused the request (malformed, or content it does not take).
    case rejected
    /// Only cached data was allowed and nothing is cached.
    case notCached
    /// Plain HTTP to a host that is not an allowed exception; no request was made.
    case insecureConnection(host: String)
    /// The user's session is no longer valid.
    case unauthorized
    /// The user may not do this.
    case forbidden
    /// The server could not be reached or failed; the work may succeed later.
    case unavailable
    /// The server asked to wait longer than the operation may take: try again in this many seconds.
    case busy(retryAfterSeconds: Int)
    /// Data arrived that the app cannot read.
    case invalidData
    /// The device's storage failed.
    case storageFailure
    /// The work was cancelled before it finished.
    case cancelled

    /// A short message for the user.
    public var errorDescription: String? {
        switch self {
        case .invalidID(let id): "Invalid document id \(id): ids are non-zero whole numbers"
        case .notFound(let id): "Document \(id) was not found"
        case .invalidField(_, let reason): reason
        case .noChanges: "Nothing to change"
        case .emptyQuery: SearchWords.Refusal.empty.message
        case .queryTooLong: SearchWords.Refusal.tooLong.message
        case .invalidPageSize(let limit, let max): "A page holds 1 to \(max) documents, not \(limit)"
        case .invalidCursor:
            "That cursor does not belong to this list: use the next cursor the same list printed"
        case .noSearchableWords: SearchWords.Refusal.noWordsOnDevice.message
        case .rejected: "The server refused the request"
        case .notCached: "Not available offline"
        case .insecureConnection(let host):
            "Plain HTTP to \(host) is not allowed; use https or make the host an exception"
        case .unauthorized: "Please log in again"
        case .forbidden: "You are not allowed to do that"
        case .unavailable: "The server can't be reached; try again later"
        case .busy(let seconds): "The server is busy; try again in \(seconds) s"
        case .invalidData: "The server sent data the app can't read"
        case .storageFailure: "The document couldn't be stored on this device"
        case .cancelled: "Cancelled"
        }
    }

    /// The field a validation error is about, so a form can show the message next to it.
    public var field: DocumentField? {
        if case .invalidField(let field, _) = self { field } else { nil }
    }
}

extension DocumentError: UserFacingError {
    /// The document field a validation error is about (``field``), by name.
    public var fieldName: String? { field?.rawValue }

    /// What a screen may offer.
    public var remedy: Remedy {
        switch self {
        case .unavailable, .busy: .retry
        case .unauthorized: .signIn
        case .invalidID, .notFound, .notCached: .pickAnother
        case .invalidField, .noChanges, .emptyQuery, .queryTooLong, .invalidPageSize, .invalidCursor,
            .noSearchableWords:
            .fixInput
        case .rejected, .forbidden, .insecureConnection, .invalidData, .storageFailure, .cancelled: .none
        }
    }
}
