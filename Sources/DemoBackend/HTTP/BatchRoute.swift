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

        private enum CodingKeys: String, CodingKey { case method, path, idempotencyKey, ifMatch, body }

        /// Reads a batch's item; a member of the wrong kind makes the batch malformed.
        ///
        /// A member may be left out, but not sent as `null`. Any body is kept, so that a change
        /// whose body is not an object is refused on its own, naming its place in the batch.
        init(from decoder: any Decoder) throws {
            let members = try decoder.container(keyedBy: CodingKeys.self)
            method = try members.decode(String.self, forKey: .method)
            path = try members.decode(String.self, forKey: .path)
            idempotencyKey =
                try members.contains(.idempotencyKey) ? members.decode(String.self, forKey: .idempotencyKey) : nil
            ifMatch = try members.contains(.ifMatch) ? members.decode(String.self, forKey: .ifMatch) : nil
            if !members.contains(.body) {
                body = nil
            } else if let object = try? members.decode([String: JSONValue].self, forKey: .body) {
                body = .object(object)  // the usual body, read without trying the other kinds first
            } else {
                body = try members.decode(JSONValue.self, forKey: .body)
            }
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

    /// The changes of `{"changes": […]}` with no other member; nil for any other body.
    ///
    /// Read by its shape, so that only the resources' members are read as any JSON: a member
    /// beside `changes` is not a list of changes, and fails the whole read.
    static func changes(in body: Data) -> [Change]? {
        guard let members = try? ServerJSON.decoder.decode([String: [Change]].self, from: body), members.count == 1
        else { return nil }
        return members["changes"]
    }

    func answer(_ request: APIRequest) throws -> Answer {
        guard request.method == "POST" else {
            return .error("/batch takes POST", status: 405, headers: ["Allow": "POST"])
        }
        if let refusal = try gate(request) { return refusal }
        guard let changes = Self.changes(in: request.body) else {
            return .error(#"the body is not {"changes": [change…]}"#, status: 400)
        }
        if changes.count > maxChanges {
            return .error("a batch carries at most \(maxChanges) changes", status: 413)
        }
        if let index = changes.firstIndex(where: { !$0.isWellFormed }) {
            return .error(
                "change \(index + 1) needs a method (POST, PUT or DELETE), a path, an object body and a key of 1 to 200 characters",
                status: 400)
        }
        let results = try resources.store.writing { transaction in
            try changes.map { change in try result(of: change, transaction) }
        }
        return .json(#"{"results":["# + results.joined(separator: ",") + "]}")
    }

    /// The JSON of one change's answer: its status, and its `etag`, `location` and body when it has them.
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
        // A deletion's answer has no body, and its result no `body` member (absent, never null).
        if !answer.body.isEmpty { members.append(#""body":\#(answer.text)"#) }
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
