import FlyingFox
import Foundation
import Synchronization

/// Answers the demo API (Docs/API.md) from the shared ``BackendState``, applying injected faults.
struct BackendRouter: Sendable {
    let state: BackendState

    func respond(to request: HTTPRequest) async -> HTTPResponse {
        let parts = request.path.split(separator: "/").map(String.init)
        state.count("\(request.method.rawValue) /" + parts.map { Int($0) == nil ? $0 : ":id" }.joined(separator: "/"))
        let fault = state.takeFault()
        if fault.latency > 0 { try? await Task.sleep(for: .milliseconds(fault.latency)) }
        if let (status, retryAfter) = fault.status {
            var headers: HTTPHeaders = [:]
            if let retryAfter { headers[HTTPHeader("Retry-After")] = retryAfter }
            return json(WireError(error: "injected fault \(status)"), status: status, headers: headers).response
        }
        let body = (try? await request.bodyData) ?? Data()
        let routed = idempotent(request) { route(request, parts, body: body) }
        var response = routed.response
        if fault.dropped {
            let bytes = [UInt8](routed.body)
            response = HTTPResponse(
                statusCode: response.statusCode, headers: response.headers,
                body: HTTPBodySequence(from: TruncatedBody(bytes: bytes + Array(" ".utf8)), count: bytes.count + 1)
            )
        } else if fault.malformed {
            response = HTTPResponse(
                statusCode: response.statusCode, headers: response.headers, body: Data(#"{"items": [{"id": "#.utf8))
        }
        return response
    }
}

// MARK: - Private

extension BackendRouter {
    private enum Constants {
        static let documentMaxAge = "max-age=60"
        static let listMaxAge = "max-age=30"
    }

    /// A response and its body bytes (kept so a fault can cut the body short).
    private struct Routed {
        let response: HTTPResponse
        let body: Data
    }

    private func route(_ request: HTTPRequest, _ parts: [String], body: Data) -> Routed {
        switch (request.method, parts.count, parts.first) {
        case (.GET, 2, "users"): return user(parts[1], request)
        case (.GET, 1, "documents"): return list(request)
        case (.POST, 1, "documents"): return create(body)
        case (.GET, 2, "documents"): return document(parts[1], request)
        case (.PUT, 2, "documents"): return update(parts[1], request, body: body)
        case (.DELETE, 2, "documents"): return delete(parts[1], request)
        default: return error("no route for \(request.method.rawValue) \(request.path)", status: 404)
        }
    }

    /// Runs a write once per `Idempotency-Key`: a replay gets the stored answer (5xx answers are
    /// not stored, so a retry after a server error really retries).
    private func idempotent(_ request: HTTPRequest, _ write: () -> Routed) -> Routed {
        guard request.method != .GET, let key = request.headers[HTTPHeader("Idempotency-Key")], !key.isEmpty else {
            return write()
        }
        if let stored = state.data.withLock({ $0.replies[key] }) {
            var headers: HTTPHeaders = [:]
            for (name, value) in stored.headers { headers[HTTPHeader(name)] = value }
            let response = HTTPResponse(
                statusCode: HTTPStatusCode(stored.status, phrase: Self.phrase(stored.status)), headers: headers,
                body: stored.body)
            return Routed(response: response, body: stored.body)
        }
        let routed = write()
        let status = routed.response.statusCode.code
        if status < 500 {
            var headers: [String: String] = [:]
            for (name, value) in routed.response.headers { headers[name.rawValue] = value }
            state.data.withLock {
                $0.replies[key] = BackendState.StoredReply(status: status, headers: headers, body: routed.body)
            }
        }
        return routed
    }

    private func user(_ idText: String, _ request: HTTPRequest) -> Routed {
        guard let id = Int(idText), let user = state.data.withLock({ $0.users[id] }) else {
            return error("user \(idText) not found", status: 404)
        }
        return conditional(user, etag: state.validator("u\(user.id)"), maxAge: Constants.documentMaxAge, request)
    }

    private func list(_ request: HTTPRequest) -> Routed {
        let query = request.query.first { $0.name == "q" && !$0.value.isEmpty }?.value
        let sinceText = request.query.first { $0.name == "since" }?.value
        let since = sinceText.flatMap(Int.init)
        if sinceText != nil && since == nil { return error("since must be a whole number", status: 400) }
        if request.query.contains(where: { $0.name == "full" && $0.value == "1" }) {
            let limitText = request.query.first { $0.name == "limit" }?.value
            let limit = limitText.flatMap(Int.init) ?? Int.max
            if limitText != nil && limit <= 0 { return error("limit must be a positive whole number", status: 400) }
            return json(changes(since: since ?? 0, limit: limit), status: 200, headers: [:])
        }
        let answer: WireDocumentList = state.data.withLock { data in
            var documents = Array(data.documents.values)
            if let since { documents = documents.filter { (data.changedAt[$0.id] ?? 0) > since } }
            if let query { documents = documents.filter { Self.matches($0, query) } }
            documents.sort { ($0.updatedAt, $0.id) > ($1.updatedAt, $1.id) }
            let deleted = since.map { since in data.deletedAt.filter { $0.value > since }.keys.sorted() } ?? []
            return WireDocumentList(
                items: documents.map(\.summary), deleted: deleted, serverVersion: data.serverVersion)
        }
        let etag = state.validator("l\(answer.serverVersion)-\(query ?? "")-\(since.map(String.init) ?? "")")
        return conditional(answer, etag: etag, maxAge: Constants.listMaxAge, request)
    }

    /// Whole documents and deletions after version `since`, oldest change first, at most `limit`.
    private func changes(since: Int, limit: Int) -> WireDocumentList {
        state.data.withLock { data in
            // The log is in version order: find the first change after `since`, then read on,
            // keeping only entries that are still the latest change of their document.
            var low = 0
            var high = data.log.count
            while low < high {
                let middle = (low + high) / 2
                if data.log[middle].version <= since { low = middle + 1 } else { high = middle }
            }
            var documents: [WireChangedDocument] = []
            var deleted: [Int] = []
            var reached = since
            var index = low
            while index < data.log.count && documents.count + deleted.count < limit {
                let (version, id) = data.log[index]
                if data.changedAt[id] == version, let document = data.documents[id] {
                    documents.append(WireChangedDocument(document: document, etag: state.validator(of: document)))
                }
                if data.deletedAt[id] == version { deleted.append(id) }
                reached = version
                index += 1
            }
            let more = index < data.log.count
            return WireDocumentList(
                items: [], deleted: deleted, serverVersion: more ? reached : data.serverVersion,
                documents: documents, more: more)
        }
    }

    private func document(_ idText: String, _ request: HTTPRequest) -> Routed {
        guard let id = Int(idText), let document = state.data.withLock({ $0.documents[id] }) else {
            return error("document \(idText) not found", status: 404)
        }
        return conditional(document, etag: state.validator(of: document), maxAge: Constants.documentMaxAge, request)
    }

    private func create(_ body: Data) -> Routed {
        guard let input = try? Self.decoder.decode(WireDocumentInput.self, from: body) else {
            return error("the body is not a document", status: 400)
        }
        guard let title = input.title, !title.trimmingCharacters(in: .whitespaces).isEmpty else {
            return error("a title is required", status: 422)
        }
        let now = state.now()
        let created: WireDocument = state.data.withLock { data in
            let document = WireDocument(
                id: data.nextID, title: title, body: input.body ?? "", tags: input.tags ?? [], createdAt: now,
                updatedAt: now, version: 1
            )
            data.nextID += 1
            data.documents[document.id] = document
            data.recordChange(of: document.id)
            return document
        }
        var headers = Self.cacheHeaders(etag: state.validator(of: created), maxAge: Constants.documentMaxAge)
        headers[.location] = "/documents/\(created.id)"
        return json(created, status: 201, headers: headers)
    }

    private func update(_ idText: String, _ request: HTTPRequest, body: Data) -> Routed {
        guard let id = Int(idText) else { return error("document \(idText) not found", status: 404) }
        guard let input = try? Self.decoder.decode(WireDocumentInput.self, from: body) else {
            return error("the body is not a document", status: 400)
        }
        let ifMatch = request.headers[HTTPHeader("If-Match")]
        let now = state.now()
        let outcome: Result<WireDocument, ServerRefusal> = state.data.withLock { data in
            guard var document = data.documents[id] else { return .failure(.init("document \(id) not found", 404)) }
            if let ifMatch, ifMatch != "*", ifMatch != state.validator(of: document) {
                return .failure(.init("document \(id) changed since \(ifMatch)", 412))
            }
            if let title = input.title { document.title = title }
            if let body = input.body { document.body = body }
            if let tags = input.tags { document.tags = tags }
            document.version += 1
            document.updatedAt = now
            data.documents[id] = document
            data.recordChange(of: id)
            return .success(document)
        }
        switch outcome {
        case .success(let document):
            return json(
                document, status: 200,
                headers: Self.cacheHeaders(etag: state.validator(of: document), maxAge: Constants.documentMaxAge)
            )
        case .failure(let refusal):
            return error(refusal.message, status: refusal.status)
        }
    }

    private func delete(_ idText: String, _ request: HTTPRequest) -> Routed {
        let ifMatch = request.headers[HTTPHeader("If-Match")]
        let refusal: ServerRefusal? = state.data.withLock { data in
            guard let id = Int(idText), let document = data.documents[id] else {
                return .init("document \(idText) not found", 404)
            }
            if let ifMatch, ifMatch != "*", ifMatch != state.validator(of: document) {
                return .init("document \(id) changed since \(ifMatch)", 412)
            }
            data.documents[id] = nil
            data.recordDeletion(of: id)
            return nil
        }
        if let refusal { return error(refusal.message, status: refusal.status) }
        return Routed(response: HTTPResponse(statusCode: HTTPStatusCode(204, phrase: "No Content")), body: Data())
    }

    private struct ServerRefusal: Error {
        let message: String
        let status: Int

        init(_ message: String, _ status: Int) {
            self.message = message
            self.status = status
        }
    }

    private func conditional(
        _ value: some Encodable, etag: String, maxAge: String, _ request: HTTPRequest
    ) -> Routed {
        let headers = Self.cacheHeaders(etag: etag, maxAge: maxAge)
        if let candidates = request.headers[.ifNoneMatch],
            candidates.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag })
        {
            return Routed(response: HTTPResponse(statusCode: .notModified, headers: headers), body: Data())
        }
        return json(value, status: 200, headers: headers)
    }

    private func error(_ message: String, status: Int) -> Routed {
        json(WireError(error: message), status: status, headers: [:])
    }

    private func json(_ value: some Encodable, status: Int, headers: HTTPHeaders) -> Routed {
        var headers = headers
        headers[.contentType] = "application/json"
        let body = (try? Self.encoder.encode(value)) ?? Data()
        let response = HTTPResponse(
            statusCode: HTTPStatusCode(status, phrase: Self.phrase(status)), headers: headers, body: body
        )
        return Routed(response: response, body: body)
    }

    private static func cacheHeaders(etag: String, maxAge: String) -> HTTPHeaders {
        [.eTag: etag, .cacheControl: maxAge]
    }

    private static func matches(_ document: WireDocument, _ query: String) -> Bool {
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        return document.title.range(of: query, options: options) != nil
            || document.body.range(of: query, options: options) != nil
            || document.tags.contains { $0.range(of: query, options: options) != nil }
    }

    private static func phrase(_ status: Int) -> String {
        let phrases = [
            200: "OK", 201: "Created", 204: "No Content", 304: "Not Modified", 400: "Bad Request",
            401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 409: "Conflict", 410: "Gone",
            412: "Precondition Failed", 422: "Unprocessable Content", 429: "Too Many Requests",
            500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
        ]
        return phrases[status] ?? "Status \(status)"
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
