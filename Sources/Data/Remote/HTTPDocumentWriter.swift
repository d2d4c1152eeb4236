import Domain

/// Sends document changes to the server; implemented over HTTP, replaceable in tests.
public protocol DocumentWriterProtocol: Sendable {
    /// Creates a document on the server.
    func create(_ draft: DocumentDraft) async throws(RemoteError) -> (Document, RemoteValidators)
    /// Changes a document; with `ifMatch`, only if it is still that version.
    func update(id: Int, with changes: DocumentChanges, ifMatch: String?) async throws(RemoteError)
        -> (Document, RemoteValidators)
    /// Deletes a document; with `ifMatch`, only if it is still that version.
    func delete(id: Int, ifMatch: String?) async throws(RemoteError)
}

/// Writes documents with `POST`, `PUT` and `DELETE` on the API.
public struct HTTPDocumentWriter: DocumentWriterProtocol {
    private let client: APIClient

    /// Creates a writer over an API client.
    public init(client: APIClient) {
        self.client = client
    }

    /// `POST /documents`.
    public func create(_ draft: DocumentDraft) async throws(RemoteError) -> (Document, RemoteValidators) {
        let (dto, validators) = try await client.send(
            "POST", "documents", body: DocumentInputDTO(draft), as: DocumentDTO.self)
        return (try dto.toDomain(), validators)
    }

    /// `PUT /documents/:id` with `If-Match`.
    public func update(
        id: Int, with changes: DocumentChanges, ifMatch: String?
    ) async throws(RemoteError) -> (Document, RemoteValidators) {
        let headers = ifMatch.map { ["If-Match": $0] } ?? [:]
        let (dto, validators) = try await client.send(
            "PUT", "documents/\(id)", body: DocumentInputDTO(changes), headers: headers, as: DocumentDTO.self
        )
        return (try dto.toDomain(), validators)
    }

    /// `DELETE /documents/:id` with `If-Match`.
    public func delete(id: Int, ifMatch: String?) async throws(RemoteError) {
        try await client.sendWithoutBody("DELETE", "documents/\(id)", headers: ifMatch.map { ["If-Match": $0] } ?? [:])
    }
}
