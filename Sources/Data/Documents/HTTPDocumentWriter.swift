public import Domain
public import Foundation
import HTTPTypes

/// Sends document changes to the server; implemented over HTTP, replaceable in tests.
public protocol DocumentWriterProtocol: Sendable {
    /// Creates a document on the server; a replay with the same `idempotencyKey` creates nothing.
    func create(_ draft: DocumentDraft, idempotencyKey: String?) async throws(RemoteError)
        -> (Document, RemoteValidators)
    /// Changes a document; with `ifMatch` (a validator the server sent), only if it is still that
    /// version.
    func update(id: Document.ID, with changes: DocumentChanges, ifMatch: String?, idempotencyKey: String?)
        async throws(RemoteError) -> (Document, RemoteValidators)
    /// Deletes a document; with `ifMatch`, only if it is still that version.
    func delete(id: Document.ID, ifMatch: String?, idempotencyKey: String?) async throws(RemoteError)
    /// Reads a document straight from the server, with its validators (`nil` when it is gone).
    func fetch(id: Document.ID) async throws(RemoteError) -> (Document, RemoteValidators)?
    /// The server's changes after `since`: whole documents and deletions, at most `limit`.
    func changes(since: Int, limit: Int) async throws(RemoteError) -> RemoteChanges
    /// One page of the server's change list. `next` hears which page follows as soon as the
    /// answer says, before its body is read, so that page can be asked for meanwhile; a writer
    /// that cannot tell early never calls it.
    func changes(_ page: ChangeListPage, next: @Sendable (ChangeListPage) -> Void) async throws(RemoteError)
        -> RemoteChanges
    /// Sends several writes together, a result per write in order; fewer results than writes
    /// when one failed in a way that may pass and the rest were not sent. Throws when nothing is
    /// known of any of them (the request got no answer). One by one unless a writer batches.
    func apply(_ writes: [DocumentWrite]) async throws(RemoteError) -> [Result<DocumentWriteResult, RemoteError>]
}

extension DocumentWriterProtocol {
    /// The page through ``changes(since:limit:)``, never naming the next early (such a writer
    /// names no links, so it is never asked for one).
    public func changes(_ page: ChangeListPage, next: @Sendable (ChangeListPage) -> Void) async throws(RemoteError)
        -> RemoteChanges
    {
        switch page {
        case .after(let version, let limit): return try await changes(since: version, limit: limit)
        case .link(let url): throw .invalidData("this writer cannot follow \(url)")
        }
    }

    public func apply(_ writes: [DocumentWrite]) async throws(RemoteError) -> [Result<DocumentWriteResult, RemoteError>]
    {
        await applyOneByOne(writes)
    }
}

/// Which page of the server's change list to ask for.
public enum ChangeListPage: Sendable, Equatable {
    /// The changes after a version, at most `limit` of them.
    case after(version: Int, limit: Int)
    /// The page that an earlier page's answer named as the one after it.
    case link(URL)
}

/// One page of the server's change list.
public struct RemoteChanges: Sendable, Equatable {
    /// Documents created or changed, oldest change first.
    public let documents: [Document]
    /// The validator of each document's version, when the server sent one.
    public let validators: [Document.ID: String]
    /// Documents deleted.
    public let deleted: [Document.ID]
    /// The version this page brings the client to.
    public let serverVersion: Int
    /// Whether more changes follow.
    public let more: Bool

    /// Creates a page.
    public init(
        documents: [Document], validators: [Document.ID: String], deleted: [Document.ID], serverVersion: Int,
        more: Bool
    ) {
        self.documents = documents
        self.validators = validators
        self.deleted = deleted
        self.serverVersion = serverVersion
        self.more = more
    }
}

/// Writes documents with `POST`, `PUT` and `DELETE` on the API.
public struct HTTPDocumentWriter: DocumentWriterProtocol {
    private let client: APIClient

    /// Creates a writer over an API client.
    public init(client: APIClient) {
        self.client = client
    }

    /// `POST /documents`, with `Idempotency-Key`.
    public func create(_ draft: DocumentDraft, idempotencyKey: String?) async throws(RemoteError)
        -> (Document, RemoteValidators)
    {
        let (dto, validators) = try await client.send(
            .post, "documents", body: DocumentInputDTO(draft), headers: Self.headers(nil, idempotencyKey),
            as: DocumentDTO.self)
        return (try dto.toDomain(), validators)
    }

    /// `PUT /documents/:id` with `If-Match`.
    public func update(
        id: Document.ID, with changes: DocumentChanges, ifMatch: String?, idempotencyKey: String?
    ) async throws(RemoteError) -> (Document, RemoteValidators) {
        let (dto, validators) = try await client.send(
            .put, "documents/\(id.rawValue)", body: DocumentInputDTO(changes),
            headers: Self.headers(ifMatch, idempotencyKey), as: DocumentDTO.self)
        return (try Self.checked(dto.toDomain(), asked: id), validators)
    }

    /// `DELETE /documents/:id` with `If-Match`.
    public func delete(id: Document.ID, ifMatch: String?, idempotencyKey: String?) async throws(RemoteError) {
        try await client.sendWithoutBody(
            .delete, "documents/\(id.rawValue)", headers: Self.headers(ifMatch, idempotencyKey))
    }

    /// `POST /batch`: every write in one request (the server applies them in one transaction,
    /// each with its own key and precondition); a server without the route gets them one by one.
    public func apply(_ writes: [DocumentWrite]) async throws(RemoteError) -> [Result<DocumentWriteResult, RemoteError>]
    {
        guard
            let outcomes = try await client.batch(writes.map(BatchChangeDTO.init), answers: DocumentDTO.self)
        else {
            return await applyOneByOne(writes)  // no batch route, or the batch is too large for it
        }
        return zip(writes, outcomes).map { write, outcome in
            outcome.flatMap { (dto, validators) in
                Result { () throws(RemoteError) in
                    let document = try dto?.toDomain()
                    if case .update(let id, _) = write.operation, let document {
                        _ = try Self.checked(document, asked: id)
                    }
                    return DocumentWriteResult(document: document, validators: validators)
                }
            }
        }
    }

    /// `GET /documents/:id`, unconditionally.
    public func fetch(id: Document.ID) async throws(RemoteError) -> (Document, RemoteValidators)? {
        let fetched: RemoteFetch<DocumentDTO>
        do {
            fetched = try await client.get("documents/\(id.rawValue)", as: DocumentDTO.self)
        } catch {
            if error == .notFound { return nil }
            throw error
        }
        switch fetched {
        case .modified(let dto, let validators): return (try Self.checked(dto.toDomain(), asked: id), validators)
        case .notModified: throw .invalidData("304 without a conditional request")
        }
    }

    /// `GET /documents?since=V&full=1&limit=N`.
    public func changes(since: Int, limit: Int) async throws(RemoteError) -> RemoteChanges {
        try await changes(.after(version: since, limit: limit)) { _ in }
    }

    /// `GET /documents?since=V&full=1&limit=N`, or the address the previous page's `Link` named.
    public func changes(_ page: ChangeListPage, next: @Sendable (ChangeListPage) -> Void) async throws(RemoteError)
        -> RemoteChanges
    {
        let address: PageAddress
        switch page {
        case .after(let version, let limit):
            address = .path(
                "documents",
                query: [
                    URLQueryItem(name: "since", value: String(version)), URLQueryItem(name: "full", value: "1"),
                    URLQueryItem(name: "limit", value: String(limit)),
                ])
        case .link(let url): address = .link(url)
        }
        return try await client.getPage(address, as: DocumentChangesDTO.self) { next(.link($0)) }.toDomain()
    }

    /// `document` when it is the one asked for; an answer about another is refused.
    private static func checked(_ document: Document, asked id: Document.ID) throws(RemoteError) -> Document {
        guard document.id == id else {
            throw .invalidData("asked for document \(id), the server answered with document \(document.id)")
        }
        return document
    }

    private static func headers(_ ifMatch: String?, _ idempotencyKey: String?) -> HTTPFields {
        var fields = HTTPFields()
        if let ifMatch { fields[.ifMatch] = ifMatch }
        if let idempotencyKey, let name = HTTPField.Name.idempotencyKey { fields[name] = idempotencyKey }
        return fields
    }
}
