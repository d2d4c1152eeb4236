import Foundation
import GRDB
import Hummingbird

/// `/documents/{id}/attachments`: files attached to a document, uploaded as `multipart/form-data`
/// (fields `document` and `name`, and the `file` part), listed, and downloaded by name.
///
/// Uploads are read as they arrive and kept as files beside the database; one `Idempotency-Key`
/// stores a file once however often it is sent.
struct AttachmentRoutes: Sendable {
    let store: AttachmentStore
    let idempotency: IdempotencyStore
    /// Refuses an upload without a session the server accepts, when the policy asks for one.
    let gate: @Sendable (APIRequest) throws -> Answer?

    /// What a request gets: an answer, or a stored file sent as it is read.
    enum Reply: Sendable {
        case answer(Answer)
        case file(URL, AttachmentStore.Stored)
    }

    /// The largest file accepted (1 GiB).
    static let maxFileBytes = 1 << 30
    private static let collection = "documents"

    /// Whether `parts` is an attachments path (`/documents/{id}/attachments[/{name}]`).
    static func handles(_ parts: [String]) -> Bool {
        (3...4).contains(parts.count) && parts[0] == collection && parts[2] == "attachments"
    }

    /// Answers an attachments request; the upload's body is read from `body` as it arrives.
    func answer(_ request: APIRequest, body: RequestBody) async throws -> Reply {
        guard let id = Int(request.parts[1]), id > 0 else {
            return .answer(.error("no document \(request.parts[1])", status: 404))
        }
        switch (request.method, request.parts.count) {
        case ("GET", 3):
            return .answer(
                try await store.database.pool.read { db in
                    guard try store.resourceExists(Self.collection, id: id, db) else { return notFound(id) }
                    return .json(["items": try store.list(Self.collection, id: id, db)])
                })
        case ("POST", 3): return .answer(try await upload(request, id: id, body: body))
        case ("GET", 4):
            let name = request.parts[3]
            let found = try await store.database.pool.read { db in
                try store.resourceExists(Self.collection, id: id, db)
                    ? try store.find(Self.collection, id: id, name: name, db) : nil
            }
            guard let (stored, file) = found else {
                return .answer(.error("document \(id) has no attachment named '\(name)'", status: 404))
            }
            return .file(file, stored)
        case (_, 3):
            return .answer(.error("\(request.path) takes GET or POST", status: 405, headers: ["Allow": "GET, POST"]))
        default:
            return .answer(.error("\(request.path) takes GET", status: 405, headers: ["Allow": "GET"]))
        }
    }

    /// Whether `name` can name an attachment: one file name, nothing that climbs out of a folder.
    ///
    /// Read by Unicode scalars, as a file system reads it: a mark after `/` or `.` joins it into
    /// one character, which a comparison of characters does not find.
    static func isValid(name: String) -> Bool {
        let scalars = name.unicodeScalars
        return !scalars.isEmpty && scalars.first != "." && !scalars.contains("/") && !scalars.contains("\\")
            && name.utf8.count <= 255 && !scalars.contains { $0.properties.generalCategory == .control }
    }
}

// MARK: - Private

extension AttachmentRoutes {
    private func notFound(_ id: Int) -> Answer { .error("no document \(id)", status: 404) }

    private func upload(_ request: APIRequest, id: Int, body: RequestBody) async throws -> Answer {
        if let refusal = try gate(request) { return refusal }
        guard let boundary = MultipartUpload.boundary(ofContentType: request.header("Content-Type")) else {
            return .error("expected a multipart/form-data body with a boundary", status: 415)
        }
        guard try await store.database.pool.read({ db in try store.resourceExists(Self.collection, id: id, db) }) else {
            return notFound(id)
        }
        let upload: MultipartUpload
        do {
            upload = try await MultipartUpload.receive(
                body, boundary: boundary, into: store.incoming, maxFileBytes: Self.maxFileBytes)
        } catch {
            return .error(error.message, status: error.status)
        }
        defer { try? FileManager.default.removeItem(at: upload.file) }  // gone already once it is stored
        guard upload.fields["document"] == String(id) else {
            return .error("the document field must be the path's document, \(id)", status: 422)
        }
        guard let name = upload.fields["name"], Self.isValid(name: name) else {
            return .error("the name field must be one file name (no '/', not hidden, at most 255 bytes)", status: 422)
        }
        let key = request.header("Idempotency-Key").flatMap { $0.isEmpty ? nil : $0 }
        let fingerprint = "\(request.method) \(request.path) \(name) \(upload.size) \(String(upload.hash, radix: 36))"
        return try await store.database.pool.write { db in
            if let key {
                switch try idempotency.lookup(key, fingerprint: fingerprint, db) {
                case .replay(let answer): return answer
                case .mismatch: return .error("the Idempotency-Key \(key) was used for another request", status: 422)
                case .new: break
                }
            }
            let answer: Answer
            if !(try store.resourceExists(Self.collection, id: id, db)) {
                answer = notFound(id)
            } else if try store.find(Self.collection, id: id, name: name, db) != nil {
                answer = .error("document \(id) already has an attachment named '\(name)'", status: 409)
            } else {
                let stored = try store.add(
                    Self.collection, id: id, name: name, size: upload.size, from: upload.file, db)
                answer = .json(stored, status: 201)
            }
            if let key { try idempotency.store(key, fingerprint: fingerprint, answer: answer, db) }
            return answer
        }
    }
}
