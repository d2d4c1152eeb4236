import Foundation
import GRDB

/// `POST /batch`: many writes in one request and one transaction, each with its own
/// idempotency key and precondition, each answered as if it had been sent alone.
///
/// A change the server refuses (412, 422…) changes nothing and does not stop the others; the
/// batch as a whole is applied or not at all, so a client that loses the answer resends it and
/// every change's key replays its first answer.
struct BatchRoute: Sendable {
    let resources: ResourceRoutes
    /// Refuses a batch without a session the server accepts (its changes are not checked again).
    let gate: @Sendable (APIRequest) throws -> Answer?
    /// The most changes one batch may carry.
    var maxChanges = 1_000

    /// One change: a write as it would be sent alone.
    struct Change: Decodable, Sendable {
        let method: String
        let path: String
        let idempotencyKey: String?
        let ifMatch: String?
        let body: JSONValue?

        private enum CodingKeys: String, CodingKey {
            case method, path, idempotencyKey, ifMatch, body
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            method = try container.decode(String.self, forKey: .method)
            path = try container.decode(String.self, forKey: .path)
            // A member may be left out, but not sent as `null`: that batch is malformed.
            idempotencyKey =
                container.contains(.idempotencyKey) ? try container.decode(String.self, forKey: .idempotencyKey) : nil
            ifMatch = container.contains(.ifMatch) ? try container.decode(String.self, forKey: .ifMatch) : nil
            // Read as an object first, as bodies are (see JSONValue.parse); any other value is kept
            // so that the change is refused on its own, naming its place in the batch.
            body =
                container.contains(.body)
                ? try (try? container.decode([String: JSONValue].self, forKey: .body)).map(JSONValue.object)
                    ?? container.decode(JSONValue.self, forKey: .body) : nil
        }

        /// Whether its parts have the shapes Docs/openapi.yaml gives them (a change that is well
        /// formed may still be refused on its own, with its own status).
        var isWellFormed: Bool {
            let keyFits = idempotencyKey.map { !$0.isEmpty && $0.count <= 200 } ?? true
            let bodyFits = body.map { $0.object != nil } ?? true
            let tagFits = ifMatch.map { !$0.allSatisfy(\.isWhitespace) } ?? true
            return ["POST", "PUT", "DELETE"].contains(method) && keyFits && bodyFits && tagFits
        }
    }

    /// `{"changes": […]}` and no other member, read in one pass.
    private struct Body: Decodable {
        let changes: [Change]

        init(from decoder: any Decoder) throws {
            let members = try decoder.container(keyedBy: MemberName.self)
            guard members.allKeys.map(\.stringValue) == ["changes"] else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "members other than changes"))
            }
            changes = try members.decode([Change].self, forKey: MemberName(stringValue: "changes"))
        }
    }

    /// Any member name of a JSON object.
    private struct MemberName: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) {
            self.stringValue = stringValue
        }

        init?(intValue: Int) { nil }
    }

    func answer(_ request: APIRequest) throws -> Answer {
        guard request.method == "POST" else {
            return .error("/batch takes POST", status: 405, headers: ["Allow": "POST"])
        }
        if let refusal = try gate(request) { return refusal }
        guard let body = try? ServerJSON.decoder.decode(Body.self, from: request.body) else {
            return .error(#"the body is not {"changes": [change…]}"#, status: 400)
        }
        if body.changes.count > maxChanges {
            return .error("a batch carries at most \(maxChanges) changes", status: 413)
        }
        if let index = body.changes.firstIndex(where: { !$0.isWellFormed }) {
            return .error(
                "change \(index + 1) needs a method (POST, PUT or DELETE), a path, an object body and a key of 1 to 200 characters",
                status: 400)
        }
        let results = try resources.store.writing { transaction in
            try body.changes.map { change in try result(of: change, transaction) }
        }
        return .json(#"{"results":["# + results.joined(separator: ",") + "]}")
    }

    /// The JSON of one change's answer: its status, `etag` and `location` when sent, and body.
    private func result(of change: Change, _ transaction: ResourceStore.Transaction) throws -> String {
        let answer: Answer
        if let request = request(for: change) {
            answer = try resources.write(request, transaction)
        } else {
            answer = .error("\(change.method) \(change.path) is not a write this server takes", status: 400)
        }
        var members = [#""status":\#(answer.status)"#]
        if let etag = answer.headers["ETag"] { members.append(#""etag":\#(JSONValue.string(etag).text)"#) }
        if let location = answer.headers["Location"] {
            members.append(#""location":\#(JSONValue.string(location).text)"#)
        }
        members.append(#""body":\#(answer.body.isEmpty ? "null" : answer.text)"#)
        return "{" + members.joined(separator: ",") + "}"
    }

    /// The change as a request of its own, or nil when it is not a write.
    private func request(for change: Change) -> APIRequest? {
        guard ["POST", "PUT", "DELETE"].contains(change.method), change.path.hasPrefix("/") else { return nil }
        var headers: [String: String] = [:]
        headers["idempotency-key"] = change.idempotencyKey
        headers["if-match"] = change.ifMatch
        let body = change.body.map { Data(ServerJSON.text($0).utf8) } ?? Data()
        return APIRequest(
            method: change.method, parts: change.path.split(separator: "/").map(String.init), query: [:],
            headers: headers, body: body, parsedBody: change.body)
    }
}
