public import Domain

/// One write to send to the server, with its precondition and idempotency key: what a batch
/// carries for each outbox entry.
public struct DocumentWrite: Sendable, Equatable {
    /// What the write does.
    public enum Operation: Sendable, Equatable {
        /// `POST /documents`.
        case create(DocumentDraft)
        /// `PUT /documents/:id`.
        case update(Document.ID, DocumentChanges)
        /// `DELETE /documents/:id`.
        case delete(Document.ID)
    }

    /// What the write does.
    public let operation: Operation
    /// The validator of the version it was made against (`If-Match`).
    public let ifMatch: String?
    /// Its `Idempotency-Key`.
    public let idempotencyKey: String?

    /// Describes a write.
    public init(_ operation: Operation, ifMatch: String?, idempotencyKey: String?) {
        self.operation = operation
        self.ifMatch = ifMatch
        self.idempotencyKey = idempotencyKey
    }
}

/// What the server answered to one write it took: the new version (none for a delete) and its
/// validators.
public struct DocumentWriteResult: Sendable, Equatable {
    /// The server's new version.
    public let document: Document?
    /// Its validators.
    public let validators: RemoteValidators?

    /// Describes an answer.
    public init(document: Document?, validators: RemoteValidators?) {
        self.document = document
        self.validators = validators
    }
}

extension DocumentWriterProtocol {
    /// Sends the writes one request at a time, stopping at the first failure that may pass (the
    /// server was not reached, or failed): the results cover the writes sent, in order.
    public func applyOneByOne(_ writes: [DocumentWrite]) async -> [Result<DocumentWriteResult, RemoteError>] {
        var results: [Result<DocumentWriteResult, RemoteError>] = []
        for write in writes {
            let result = await Result.catching { () async throws(RemoteError) -> DocumentWriteResult in
                switch write.operation {
                case .create(let draft):
                    let (document, validators) = try await create(draft, idempotencyKey: write.idempotencyKey)
                    return DocumentWriteResult(document: document, validators: validators)
                case .update(let id, let changes):
                    let (document, validators) = try await update(
                        id: id, with: changes, ifMatch: write.ifMatch, idempotencyKey: write.idempotencyKey)
                    return DocumentWriteResult(document: document, validators: validators)
                case .delete(let id):
                    try await delete(id: id, ifMatch: write.ifMatch, idempotencyKey: write.idempotencyKey)
                    return DocumentWriteResult(document: nil, validators: nil)
                }
            }
            results.append(result)
            if case .failure(let error) = result, error.mayPass { break }
        }
        return results
    }
}

extension RemoteError {
    /// Whether the failure may pass by itself: the server was not reached, did not answer in
    /// time or failed; the write may or may not have been applied (its key makes a resend safe).
    public var mayPass: Bool {
        switch self {
        case .offline, .timedOut, .server, .rateLimited, .invalidData, .cancelled, .retryLater: true
        case .badRequest, .unauthorized, .forbidden, .notFound, .conflict, .gone, .unprocessable, .unexpectedStatus,
            .insecureURL:
            false
        }
    }
}
