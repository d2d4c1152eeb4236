import Domain

extension DataSourceError {
    /// The Domain error for a failed user read.
    func userError(id: User.ID) -> UserError {
        switch self {
        case .remote(let remote): remote.userError(id: id)
        case .storage: .unavailable
        case .notCached: .notCached
        case .invalidCursor, .noWordsOnDevice: .invalidData  // a user is read by id only
        }
    }
}

extension RemoteError {
    /// The Domain error for a user read of `id`.
    func userError(id: User.ID) -> UserError {
        switch self {
        case .notFound, .gone: .notFound(id: id)
        case .unauthorized: .unauthorized
        case .forbidden: .forbidden
        // A profile is only read: a conflict is a refusal like the others.
        case .badRequest, .unprocessable, .conflict: .rejected
        case .invalidData: .invalidData
        case .rateLimited, .server, .offline, .timedOut, .unexpectedStatus: .unavailable
        case .insecureURL(let host): .insecureConnection(host: host)
        case .cancelled: .cancelled
        case .retryLater(let seconds): .busy(retryAfterSeconds: seconds)
        }
    }
}
