import Foundation
import GRDB

/// Sign-in on the demo server: the sample accounts, and the sessions opened with them (a bearer
/// token each, kept in the server's database, so a restart keeps everyone signed in).
struct SessionStore: Sendable {
    /// The accounts the demo knows, by name (the sample account is documented in Docs/SignIn.md).
    static let accounts = ["ada": "analytical-engine"]

    let now: @Sendable () -> Date

    /// Opens a session when `password` is `name`'s; its token, or `nil` for a wrong pair.
    func open(name: String, password: String, _ db: Database) throws -> String? {
        guard let expected = Self.accounts[name], Self.same(expected, password) else { return nil }
        var generator = SystemRandomNumberGenerator()
        let token = (0..<4).map { _ in String(format: "%016llx", generator.next() as UInt64) }.joined()
        try db.execute(
            sql: "INSERT INTO session (token, account, created_at) VALUES (?, ?, ?)",
            arguments: [token, name, now().timeIntervalSince1970])
        return token
    }

    /// The account signed in with `token`, if the session is open.
    func account(for token: String, _ db: Database) throws -> String? {
        try String.fetchOne(
            try db.cachedStatement(sql: "SELECT account FROM session WHERE token = ?"), arguments: [token])
    }

    /// Ends the session of `token`; whether there was one.
    func revoke(_ token: String, _ db: Database) throws -> Bool {
        try db.execute(sql: "DELETE FROM session WHERE token = ?", arguments: [token])
        return db.changesCount > 0
    }

    /// Compares every byte whatever the first difference, so timing tells nothing.
    private static func same(_ expected: String, _ given: String) -> Bool {
        let lhs = Array(expected.utf8)
        let rhs = Array(given.utf8)
        var difference = UInt8(lhs.count == rhs.count ? 0 : 1)
        for index in 0..<max(lhs.count, rhs.count) {
            difference |= (index < lhs.count ? lhs[index] : 0) ^ (index < rhs.count ? rhs[index] : 0)
        }
        return difference == 0
    }
}
