import Foundation
import GRDB

/// The answers to writes, kept by `Idempotency-Key` so a resent request gets its first answer and
/// changes nothing.
///
/// Bounded: keys expire after a day, and only the newest are kept.
struct IdempotencyStore: Sendable {
    /// What a key finds.
    enum Lookup: Sendable, Equatable {
        /// The key is new.
        case new
        /// The same request was answered before.
        case replay(Answer)
        /// The key was used for a different request (422).
        case mismatch
    }

    let now: @Sendable () -> Date
    /// How long a key is remembered, in seconds.
    var lifetime: Double = 86_400
    /// How many keys are remembered at most.
    var capacity = 100_000

    /// What `key` finds for a request whose method, path and body are summed up in `fingerprint`.
    func lookup(_ key: String, fingerprint: String, _ db: Database) throws -> Lookup {
        guard
            let row = try Row.fetchOne(
                try db.cachedStatement(
                    sql: "SELECT fingerprint, status, headers, body, created_at FROM idempotency WHERE key = ?"),
                arguments: [key])
        else { return .new }
        if try row.decode(Double.self, atIndex: 4) < now().timeIntervalSince1970 - lifetime { return .new }
        guard try row.decode(String.self, atIndex: 0) == fingerprint else { return .mismatch }
        let headerText = try row.decode(String.self, atIndex: 2)
        let headers = (try? JSONDecoder().decode([String: String].self, from: Data(headerText.utf8))) ?? [:]
        return .replay(
            Answer(
                status: try row.decode(Int.self, atIndex: 1), headers: headers,
                body: try row.decode(Data.self, atIndex: 3)))
    }

    /// Keeps the answer to a request (answers from 500 up are not kept: a retry really retries).
    func store(_ key: String, fingerprint: String, answer: Answer, _ db: Database) throws {
        guard answer.status < 500 else { return }
        try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO idempotency (key, fingerprint, status, headers, body, created_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """
        ).execute(
            arguments: [
                key, fingerprint, answer.status, JSONValue.object(answer.headers.mapValues(JSONValue.string)).text,
                answer.body,
                now().timeIntervalSince1970,
            ])
    }

    /// Forgets expired keys and the oldest beyond the capacity.
    func prune(_ db: Database) throws {
        try db.execute(
            sql: "DELETE FROM idempotency WHERE created_at < ?", arguments: [now().timeIntervalSince1970 - lifetime])
        try db.execute(
            sql: """
                DELETE FROM idempotency WHERE key IN (
                    SELECT key FROM idempotency ORDER BY created_at DESC LIMIT -1 OFFSET ?)
                """,
            arguments: [capacity])
    }

    /// A request's fingerprint: its method, path and a hash of its body.
    static func fingerprint(method: String, path: String, body: Data) -> String {
        "\(method) \(path) \(body.count) \(String(FNV1a.hash(body), radix: 36))"
    }
}
