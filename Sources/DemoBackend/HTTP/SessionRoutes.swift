import Foundation
import GRDB

/// `POST /sessions` (sign in), `GET /sessions/current` (who is signed in) and
/// `DELETE /sessions/current` (sign out), and the check that writes carry an open session.
struct SessionRoutes: Sendable {
    let store: SessionStore
    let database: ServerDatabase
    let policy: DemoBackend.SignInPolicy
    /// Failed sign-ins per account and address.
    let limiter: SignInLimiter

    private struct Credentials: Decodable {
        let name: String
        let password: String
    }

    private struct Session: Encodable {
        let token: String
        let name: String
    }

    /// The answer for a `/sessions` request, or `nil` for any other path.
    func answer(_ request: APIRequest) throws -> Answer? {
        guard request.parts.first == "sessions" else { return nil }
        switch (request.method, request.parts.dropFirst().first) {
        case ("POST", nil) where request.parts.count == 1:
            guard let credentials = try? JSONDecoder().decode(Credentials.self, from: request.body) else {
                return .error("expected a JSON object with a name and a password", status: 400)
            }
            if let wait = limiter.wait(account: credentials.name, address: request.peer) {
                return .error(
                    "too many failed sign-ins; try again in \(wait) s", status: 429,
                    headers: ["Retry-After": String(wait)])
            }
            guard
                let token = try database.pool.write({ db in
                    try store.open(name: credentials.name, password: credentials.password, db)
                })
            else {
                limiter.failed(account: credentials.name, address: request.peer)
                return unauthorized("wrong name or password")
            }
            limiter.succeeded(account: credentials.name)
            return .json(Session(token: token, name: credentials.name), status: 201)
        case ("GET", "current") where request.parts.count == 2:
            guard let (_, name) = try signedIn(request) else { return unauthorized("not signed in") }
            return .json(["name": name])
        case ("DELETE", "current") where request.parts.count == 2:
            guard let (token, _) = try signedIn(request) else { return unauthorized("not signed in") }
            _ = try database.pool.write { db in try store.revoke(token, db) }
            return .noContent
        case (_, nil) where request.parts.count == 1:
            return .error("/sessions takes POST", status: 405, headers: ["Allow": "POST"])
        case (_, "current") where request.parts.count == 2:
            return .error("/sessions/current takes GET or DELETE", status: 405, headers: ["Allow": "GET, DELETE"])
        default:
            return .error("no route for \(request.method) \(request.path)", status: 404)
        }
    }

    /// `nil` when the request may go on; else the 401 it gets (a write without an open session,
    /// when the policy asks for one).
    func refusal(_ request: APIRequest) throws -> Answer? {
        guard policy == .required, ["POST", "PUT", "PATCH", "DELETE"].contains(request.method),
            try signedIn(request) == nil
        else { return nil }
        return unauthorized("sign in to change data (POST /sessions)")
    }

    /// The token and account of the request's open session, if it has one.
    private func signedIn(_ request: APIRequest) throws -> (token: String, name: String)? {
        guard let header = request.header("Authorization"), header.hasPrefix("Bearer ") else { return nil }
        let token = String(header.dropFirst(7))
        guard let name = try database.pool.read({ db in try store.account(for: token, db) }) else { return nil }
        return (token, name)
    }

    private func unauthorized(_ message: String) -> Answer {
        .error(message, status: 401, headers: ["WWW-Authenticate": #"Bearer realm="strata""#])
    }
}
