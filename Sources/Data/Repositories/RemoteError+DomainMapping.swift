import Domain

extension DataSourceError {
    /// The Domain error for a failed document read or write of `id` (nil for lists).
    func documentError(id: Int?) -> DocumentError {
        switch self {
        case .remote(let remote): remote.documentError(id: id)
        case .storage: .storageFailure
        case .notCached: .notCached
        }
    }

    /// The Domain error for a failed user read.
    func userError(id: Int) -> UserError {
        switch self {
        case .remote(let remote): remote.userError(id: id)
        case .storage: .unavailable
        case .notCached: .notCached
        }
    }
}

extension RemoteError {
    /// The Domain error for a document operation on `id` (nil for lists).
    func documentError(id: Int?) -> DocumentError {
        switch self {
        case .notFound, .gone: id.map { .notFound(id: $0) } ?? .invalidData
        case .unauthorized: .unauthorized
        case .forbidden: .forbidden
        case .conflict: .conflict
        case .badRequest, .unprocessable: .rejected
        case .rateLimited, .server, .offline, .timedOut, .unexpectedStatus: .unavailable
        case .invalidData: .invalidData
        case .insecureURL(let host): .insecureConnection(host: host)
        case .cancelled: .cancelled
        }
    }

    /// The Domain error for a user read of `id`.
    func userError(id: Int) -> UserError {
        switch self {
        case .notFound, .gone: .notFound(id: id)
        case .unauthorized, .forbidden: .unauthorized
        case .invalidData, .badRequest, .unprocessable: .invalidData
        case .rateLimited, .server, .offline, .timedOut, .unexpectedStatus, .conflict: .unavailable
        case .insecureURL(let host): .insecureConnection(host: host)
        case .cancelled: .cancelled
        }
    }
}
