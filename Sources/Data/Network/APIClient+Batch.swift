import Domain
import Foundation
import HTTPTypes

/// The body of `POST /batch` (Docs/openapi.yaml), for any collection's writes.
struct BatchRequestDTO<Body: Encodable & Sendable>: Encodable, Sendable {
    let changes: [BatchChangeDTO<Body>]
}

/// One write in a batch, as it would be sent alone: its method, path, key, validator and body.
struct BatchChangeDTO<Body: Encodable & Sendable>: Encodable, Sendable {
    let method: String
    let path: String
    let idempotencyKey: String?
    let ifMatch: String?
    let body: Body?
}

/// The answer to `POST /batch`: a result per change, in order.
struct BatchResponseDTO<Answer: Decodable & Sendable>: Decodable, Sendable {
    let results: [BatchResultDTO<Answer>]
}

/// One change's answer: the status it would have had alone, the new version's validator and the
/// item written (or an error, or nothing for a deletion).
struct BatchResultDTO<Answer: Decodable & Sendable>: Decodable, Sendable {
    let status: Int
    let etag: String?
    let body: Answer?

    private enum CodingKeys: String, CodingKey {
        case status, etag, body
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try container.decode(Int.self, forKey: .status)
        etag = try container.decodeIfPresent(String.self, forKey: .etag)
        // Only a success carries the item; an error body is not one.
        body = (200..<300).contains(status) ? try container.decodeIfPresent(Answer.self, forKey: .body) : nil
    }

    /// The change's outcome, as a request of its own would have had it.
    var outcome: Result<(Answer?, RemoteValidators), RemoteError> {
        guard (200..<300).contains(status) else { return .failure(APIClient.error(forStatus: status)) }
        return .success((body, RemoteValidators(etag: etag, maxAge: nil)))
    }
}

extension APIClient {
    /// Sends `changes` in one `POST /batch` (one request, one transaction on the server); an
    /// outcome per change, in order.
    ///
    /// `nil` when the server has no batch route or refuses one this large: the caller sends the
    /// changes one by one. A batch refused whole for a reason that will not pass gives every
    /// change that refusal, as if each was sent alone; one that may pass (no answer) throws, and
    /// since every change carries its key a resend is safe.
    func batch<Body: Encodable & Sendable, Answer: Decodable & Sendable>(
        _ changes: [BatchChangeDTO<Body>], answers: Answer.Type
    ) async throws(RemoteError)
        -> [Result<(Answer?, RemoteValidators), RemoteError>]?
    {
        guard !changes.isEmpty else { return [] }
        let answer: BatchResponseDTO<Answer>
        do {
            (answer, _) = try await send(
                .post, "batch", body: BatchRequestDTO(changes: changes), retryable: true,
                as: BatchResponseDTO<Answer>.self)
        } catch .notFound, .unexpectedStatus(405), .unexpectedStatus(413) {
            return nil
        } catch let error where !error.mayPass {
            return changes.map { _ in .failure(error) }
        }
        guard answer.results.count == changes.count else {
            throw .invalidData("the batch answered \(answer.results.count) of \(changes.count) changes")
        }
        return answer.results.map(\.outcome)
    }
}
