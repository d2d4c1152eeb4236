import Domain
import Foundation

/// The body of `POST /batch` (Docs/openapi.yaml).
struct BatchRequestDTO: Encodable, Sendable {
    let changes: [BatchChangeDTO]
}

/// One write in a batch, as it would be sent alone.
struct BatchChangeDTO: Encodable, Sendable, Equatable {
    let method: String
    let path: String
    let idempotencyKey: String?
    let ifMatch: String?
    let body: DocumentInputDTO?

    init(_ write: DocumentWrite) {
        switch write.operation {
        case .create(let draft):
            (method, path, body) = ("POST", "/documents", DocumentInputDTO(draft))
        case .update(let id, let changes):
            (method, path, body) = ("PUT", "/documents/\(id.rawValue)", DocumentInputDTO(changes))
        case .delete(let id):
            (method, path, body) = ("DELETE", "/documents/\(id.rawValue)", nil)
        }
        idempotencyKey = write.idempotencyKey
        ifMatch = write.ifMatch
    }
}

/// The answer to `POST /batch`: a result per change, in order.
struct BatchResponseDTO: Decodable, Sendable {
    let results: [BatchResultDTO]
}

/// One change's answer: the status it would have had alone, the new version's validator and the
/// document (or an error, or nothing for a deletion).
struct BatchResultDTO: Decodable, Sendable {
    let status: Int
    let etag: String?
    let document: DocumentDTO?

    private enum CodingKeys: String, CodingKey {
        case status, etag, body
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try container.decode(Int.self, forKey: .status)
        etag = try container.decodeIfPresent(String.self, forKey: .etag)
        // Only a success carries the document; an error body is not one.
        document = (200..<300).contains(status) ? try container.decodeIfPresent(DocumentDTO.self, forKey: .body) : nil
    }

    /// The change's outcome, as a request of its own would have had it.
    func outcome() -> Result<DocumentWriteResult, RemoteError> {
        guard (200..<300).contains(status) else { return .failure(APIClient.error(forStatus: status)) }
        do throws(RemoteError) {
            let validators = RemoteValidators(etag: etag, maxAge: nil)
            return .success(DocumentWriteResult(document: try document?.toDomain(), validators: validators))
        } catch {
            return .failure(error)
        }
    }
}
