import Foundation
import GRDB

/// The routes of every collection: `GET /<collection>` (lists and change lists),
/// `GET /<collection>/<id>` with `If-None-Match`, and the writes (`POST`, `PUT`, `DELETE`)
/// with `If-Match` and `Idempotency-Key`.
///
/// Nothing here knows a collection's fields: its ``CollectionSpec`` checks them.
struct ResourceRoutes: Sendable {
    let store: ResourceStore
    let idempotency: IdempotencyStore
    /// Refuses a write the route takes when it carries no session the server accepts (a 401),
    /// checked after the route knows the request is a write it takes (else 404 or 405 stands).
    let gate: @Sendable (APIRequest) throws -> Answer?

    /// Answers a request to `/<collection>` or `/<collection>/<id>`; nil when no collection has
    /// the path's first segment.
    func answer(_ request: APIRequest) throws -> Answer? {
        guard let spec = spec(for: request) else { return nil }
        if let refusal = refusal(of: request, spec) { return refusal }
        let id = request.parts.count == 2 ? Int(request.parts[1]) : nil
        switch (request.method, id) {
        case ("GET", nil): return try store.database.pool.read { db in try list(spec, request, db) }
        case ("GET", let id?): return try store.database.pool.read { db in try read(spec, id, request, db) }
        default:
            if let refusal = try gate(request) { return refusal }
            return try store.writing { transaction in try write(request, transaction) }
        }
    }

    /// The answer a request gets before its body is read, if its headers decide it.
    ///
    /// A path or method the collection does not take, or a write without the session the policy
    /// asks for. Nil when the body must be read (or the path is no collection's).
    func refusalBeforeBody(_ request: APIRequest) throws -> Answer? {
        guard let spec = spec(for: request) else { return nil }
        if let refusal = refusal(of: request, spec) { return refusal }
        return request.method == "GET" ? nil : try gate(request)
    }

    /// Applies one write (`POST /<collection>`, `PUT` or `DELETE /<collection>/<id>`) in the
    /// caller's transaction, once per `Idempotency-Key`: a resent request gets the first answer.
    func write(_ request: APIRequest, _ transaction: ResourceStore.Transaction) throws -> Answer {
        guard let spec = spec(for: request) else {
            return .error("no route for \(request.method) \(request.path)", status: 404)
        }
        if let refusal = refusal(of: request, spec) { return refusal }
        let key = request.header("Idempotency-Key").flatMap { $0.isEmpty ? nil : $0 }
        // The same change sent alone or in a batch has one fingerprint: its body's canonical JSON
        // (a batch's change already carries it).
        let canonical =
            request.parsedBody == nil
            ? JSONValue.parse(request.body).map {
                Data(ServerJSON.text($0).utf8)
            }
            : request.body
        let fingerprint = IdempotencyStore.fingerprint(
            method: request.method, path: request.path, body: canonical ?? request.body)
        if let key {
            switch try idempotency.lookup(key, fingerprint: fingerprint, transaction.db) {
            case .replay(let answer): return answer
            case .mismatch: return .error("the Idempotency-Key \(key) was used for another request", status: 422)
            case .new: break
            }
        }
        // A refused write leaves nothing behind: `apply` refuses before its first write (no
        // savepoint needed, which a batch would pay for on every change).
        let answer = try apply(spec, request, transaction)
        if let key { try idempotency.store(key, fingerprint: fingerprint, answer: answer, transaction.db) }
        return answer
    }
}

// MARK: - Private

extension ResourceRoutes {
    private static let maxLimit = 10_000
    /// The page size when `after` comes without `limit`.
    private static let pageSize = 50
    /// The largest whole number a JSON client reads exactly (2^53 - 1).
    private static let maxSince = 9_007_199_254_740_991
    private static let maxQueryLength = 200

    private func spec(for request: APIRequest) -> CollectionSpec? {
        request.parts.first.flatMap { store.collections[$0] }
    }

    /// Why the request cannot reach the collection at all, if it cannot.
    private func refusal(of request: APIRequest, _ spec: CollectionSpec) -> Answer? {
        let parts = request.parts
        if parts.count > 2 { return .error("no route for \(request.method) \(request.path)", status: 404) }
        if parts.count == 2, Int(parts[1]).map({ $0 <= 0 }) ?? true {
            return .error("\(spec.singular) \(parts[1]) not found", status: 404)
        }
        let allowed =
            !spec.writable ? ["GET"] : parts.count == 1 ? ["GET", "POST"] : ["GET", "PUT", "DELETE"]
        guard allowed.contains(request.method) else {
            return .error(
                "\(request.path) does not take \(request.method)", status: 405,
                headers: ["Allow": allowed.joined(separator: ", ")])
        }
        if let ifMatch = request.header("If-Match"), ifMatch.allSatisfy(\.isWhitespace) {
            return .error("If-Match needs an entity tag", status: 400)
        }
        if let key = request.header("Idempotency-Key"), key.isEmpty || key.count > 200 {
            return .error("an Idempotency-Key has 1 to 200 characters", status: 400)
        }
        return nil
    }

    private func list(_ spec: CollectionSpec, _ request: APIRequest, _ db: Database) throws -> Answer {
        let sinceText = request.query["since"]
        let since = sinceText.flatMap(Int.init)
        if sinceText != nil && !(0...Self.maxSince).contains(since ?? -1) {
            return .error("since must be a whole number from 0 to \(Self.maxSince)", status: 400)
        }
        if let full = request.query["full"], full != "1" { return .error("full must be 1", status: 400) }
        let limitText = request.query["limit"]
        let limit = limitText.map { Int($0) ?? 0 } ?? Int.max
        if limitText != nil && !(1...Self.maxLimit).contains(limit) {
            return .error("limit must be a whole number from 1 to \(Self.maxLimit)", status: 400)
        }
        if let query = request.query["q"], query.unicodeScalars.count > Self.maxQueryLength {
            return .error("q is longer than \(Self.maxQueryLength) characters", status: 400)
        }
        // SQLite would search only up to the NUL (and an empty search matches everything).
        if request.query["q"]?.unicodeScalars.contains("\0") == true {
            return .error("q must not contain U+0000", status: 400)
        }
        if request.query["full"] == "1" {
            if request.query["after"] != nil {
                return .error("after pages a list; a change list goes on with since and more", status: 400)
            }
            let changes = try store.changes(spec.name, since: since ?? 0, limit: limit, db)
            let text =
                #"{"deleted":\#(ServerJSON.text(changes.deleted)),"\#(spec.name)":[\#(changes.resources)],"#
                + #""items":[],"more":\#(changes.more),"serverVersion":\#(changes.version)}"#
            // The next page's address comes before the body, so a client can ask for it while it
            // still reads this one (RFC 8288).
            let next =
                changes.more
                ? ["Link": "<\(request.path)?since=\(changes.version)&full=1&limit=\(limit)>; rel=\"next\""] : [:]
            return .json(text, headers: next)
        }
        let query = request.query["q"].flatMap { $0.isEmpty ? nil : $0 }
        let page: ResourceStore.Page?
        switch self.page(of: request, in: spec.name, query: query, since: since, limit: limitText.map { _ in limit }) {
        case .refused(let refusal): return refusal
        case .whole: page = nil
        case .page(let asked): page = asked
        }
        let listing = try store.list(spec.name, query: query, since: since, page: page, db)
        let position = page.map { "-\($0.limit)-\(request.query["after"] ?? "")" } ?? ""
        let etag = store.tags.tag(
            for: "l\(listing.version)-\(query ?? "")-\(since.map(String.init) ?? "")\(position)")
        let next = page == nil ? "" : #","next":\#(listing.next.map { ServerJSON.text($0.token) } ?? "null")"#
        let text =
            #"{"deleted":\#(ServerJSON.text(listing.deleted)),"items":[\#(listing.summaries.joined(separator: ","))]"#
            + #"\#(next),"serverVersion":\#(listing.version)}"#
        return conditional(.json(text), etag: etag, maxAge: spec.maxAge / 2, request)
    }

    /// What a list request asks for: the whole list, a page, or something that cannot be answered.
    private enum PageAsked {
        case whole
        case page(ResourceStore.Page)
        case refused(Answer)
    }

    /// The page a list request of `collection` asks for: `limit`, and `after` a cursor this server
    /// gave for the same collection and query.
    private func page(of request: APIRequest, in collection: String, query: String?, since: Int?, limit: Int?)
        -> PageAsked
    {
        let after = request.query["after"]
        guard limit != nil || after != nil else { return .whole }
        let fingerprint = ListCursor.fingerprint(collection: collection, query: query, since: since)
        guard let after else {
            return .page(ResourceStore.Page(limit: limit ?? Self.pageSize, after: nil, fingerprint: fingerprint))
        }
        guard let cursor = ListCursor(token: after) else {
            return .refused(.error("after is not a cursor this server handed out (a list's next)", status: 400))
        }
        guard cursor.query == fingerprint else {
            return .refused(
                .error("the cursor belongs to another list: ask the collection, q and since it came with", status: 400))
        }
        return .page(ResourceStore.Page(limit: limit ?? Self.pageSize, after: cursor, fingerprint: fingerprint))
    }

    private func read(_ spec: CollectionSpec, _ id: Int, _ request: APIRequest, _ db: Database) throws -> Answer {
        guard let stored = try store.get(spec.name, id, db), !stored.deleted else {
            return .error("\(spec.singular) \(id) not found", status: 404)
        }
        return conditional(.json(stored.representation), etag: stored.etag, maxAge: spec.maxAge, request)
    }

    /// A `304` when `If-None-Match` names `etag`; else `answer`; both with the caching headers.
    private func conditional(_ answer: Answer, etag: String, maxAge: Int, _ request: APIRequest) -> Answer {
        let headers = ["ETag": etag, "Cache-Control": "max-age=\(maxAge)"]
        if let candidates = request.header("If-None-Match"),
            candidates.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag })
        {
            return Answer(status: 304, headers: headers, body: Data())
        }
        var answer = answer
        answer.headers.merge(headers) { _, new in new }
        return answer
    }

    /// Applies a write that passed ``refusal(of:_:)``.
    ///
    /// Every check (existence, `If-Match`, the collection's rules) comes before the first
    /// statement that writes, so a refused write has changed nothing; keep it that way when a
    /// check is added (`aRefusedChangeInABatchLeavesNothingBehind` checks the store).
    private func apply(_ spec: CollectionSpec, _ request: APIRequest, _ transaction: ResourceStore.Transaction) throws
        -> Answer
    {
        let ifMatch = request.header("If-Match")
        let id = request.parts.count == 2 ? Int(request.parts[1]) : nil
        if request.method == "DELETE", let id {
            if let refusal = try store.delete(spec, id: id, ifMatch: ifMatch, transaction) {
                return .error(refusal.message, status: refusal.status)
            }
            return .noContent
        }
        guard
            let input = (request.parsedBody ?? JSONValue.parse(request.body))?
                .object
        else {
            return .error("the body is not a JSON object", status: 400)
        }
        let outcome: Result<ResourceStore.Stored, ResourceStore.Refusal>
        if let id {
            outcome = try store.update(spec, id: id, changes: input, ifMatch: ifMatch, transaction)
        } else {
            switch spec.validatedNew(input) {
            case .failure(let problem): outcome = .failure(ResourceStore.Refusal(status: 422, message: problem.message))
            case .success(let members): outcome = .success(try store.create(spec, members: members, transaction))
            }
        }
        switch outcome {
        case .failure(let refusal): return .error(refusal.message, status: refusal.status)
        case .success(let stored):
            var headers = ["ETag": stored.etag, "Cache-Control": "max-age=\(spec.maxAge)"]
            if id == nil { headers["Location"] = "/\(spec.name)/\(stored.id)" }
            return .json(stored.representation, status: id == nil ? 201 : 200, headers: headers)
        }
    }
}

extension CollectionSpec {
    /// One resource's name in messages: `document` for `documents`.
    var singular: String { name.hasSuffix("s") ? String(name.dropLast()) : name }
}
