import Domain

extension DataSourceError {
    /// The Domain error for a failed document read or write of `id` (nil for lists).
    func documentError(id: Document.ID?) -> DocumentError {
        switch self {
        case .remote(let remote): remote.documentError(id: id)
        case .storage: .storageFailure
        case .notCached: .notCached
        case .invalidCursor: .invalidCursor
        case .noWordsOnDevice: .noSearchableWords
        }
    }
}

extension RemoteError {
    /// The Domain error for a document operation on `id` (nil for lists).
    func documentError(id: Document.ID?) -> DocumentError {
        switch self {
        case .notFound, .gone: id.map { .notFound(id: $0) } ?? .invalidData
        case .unauthorized: .unauthorized
        case .forbidden: .forbidden
        // Changes go through the outbox, which settles conflicts: a read has none.
        case .badRequest, .unprocessable, .conflict: .rejected
        case .rateLimited, .server, .offline, .timedOut, .unexpectedStatus: .unavailable
        case .invalidData: .invalidData
        case .insecureURL(let host): .insecureConnection(host: host)
        case .cancelled: .cancelled
        case .retryLater(let seconds): .busy(retryAfterSeconds: seconds)
        }
    }
}
