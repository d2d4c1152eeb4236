import Crypto
import Foundation
import GRDB

/// Sign-in on the demo server: the sample accounts, and the sessions opened with them.
///
/// A session is a bearer token. The database keeps only its SHA-256 digest (a copy of the file
/// lets nobody in), with its account and when it was opened; a session older than `lifetime`
/// is refused and removed.
struct SessionStore: Sendable {
    /// The accounts the demo knows, by name (the sample account is documented in Docs/SignIn.md).
    static let accounts = ["ada": "analytical-engine"]

    let now: @Sendable () -> Date
    /// How long a session stays open after sign-in.
    let lifetime: TimeInterval

    /// Opens a session when `password` is `name`'s; its token, or `nil` for a wrong pair.
    func open(name: String, password: String, _ db: Database) throws -> String? {
        guard let expected = Self.accounts[name], RequestGate.same(password, expected) else { return nil }
        let token = RequestGate.newToken()
        try db.execute(
            sql: "INSERT INTO session (token_digest, account, created_at) VALUES (?, ?, ?)",
            arguments: [Self.digest(token), name, now().timeIntervalSince1970])
        return token
    }

    /// The account signed in with `token`, if its session is open and has not expired.
    func account(for token: String, _ db: Database) throws -> String? {
        try String.fetchOne(
            try db.cachedStatement(sql: "SELECT account FROM session WHERE token_digest = ? AND created_at > ?"),
            arguments: [Self.digest(token), now().timeIntervalSince1970 - lifetime])
    }

    /// Ends the session of `token`, and every expired one; whether `token`'s was open.
    func revoke(_ token: String, _ db: Database) throws -> Bool {
        try db.execute(sql: "DELETE FROM session WHERE token_digest = ?", arguments: [Self.digest(token)])
        let had = db.changesCount > 0
        try removeExpired(db)
        return had
    }

    /// Removes the sessions that have expired.
    func removeExpired(_ db: Database) throws {
        try db.execute(
            sql: "DELETE FROM session WHERE created_at <= ?", arguments: [now().timeIntervalSince1970 - lifetime])
    }

    /// The digest stored for a token: SHA-256, in hexadecimal.
    static func digest(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }
}
