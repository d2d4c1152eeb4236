import Foundation
import GRDB

/// `PUT /devices/{token}`, where devices register their push tokens, and `DELETE /devices/{token}`,
/// where a device signing out removes its own.
///
/// A device registers the token the system gave it (again whenever it changes) with the APNs
/// environment that issued it, as an app sends its APNs token to its server. Open to anyone: a
/// device registers before anyone signs in, and only the device knows its token.
struct DeviceRoutes: Sendable {
    let database: ServerDatabase
    let now: @Sendable () -> Date

    private struct Registration: Decodable {
        let bundleIdentifier: String
        let environment: String
    }

    /// The APNs environments a token can come from.
    static let environments: Set<String> = ["sandbox", "production"]

    /// The answer for a `/devices` request, or `nil` for any other path.
    func answer(_ request: APIRequest) throws -> Answer? {
        guard request.parts.first == "devices" else { return nil }
        guard request.parts.count == 2 else {
            return .error("no route for \(request.method) \(request.path)", status: 404)
        }
        guard ["PUT", "DELETE"].contains(request.method) else {
            return .error("/devices/{token} takes PUT or DELETE", status: 405, headers: ["Allow": "PUT, DELETE"])
        }
        let token = request.parts[1]
        guard token.count == 64, token.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
            return .error("a device token is 64 lowercase hexadecimal digits", status: 422)
        }
        if request.method == "DELETE" {
            let removed = try database.pool.write { db in
                try db.execute(sql: "DELETE FROM device WHERE token = ?", arguments: [token])
                return db.changesCount > 0
            }
            return removed ? .noContent : .error("no device has this token", status: 404)
        }
        guard let registration = try? JSONDecoder().decode(Registration.self, from: request.body),
            !registration.bundleIdentifier.isEmpty, Self.environments.contains(registration.environment)
        else {
            return .error(
                "expected a JSON object with a bundleIdentifier and an environment (sandbox or production)",
                status: 422)
        }
        let isNew = try database.pool.write { db in
            let known = try Bool.fetchOne(db, sql: "SELECT 1 FROM device WHERE token = ?", arguments: [token]) ?? false
            try db.execute(
                sql: "INSERT OR REPLACE INTO device (token, bundle, environment, registered_at) VALUES (?, ?, ?, ?)",
                arguments: [
                    token, registration.bundleIdentifier, registration.environment, now().timeIntervalSince1970,
                ])
            return !known
        }
        return .json(["token": token], status: isNew ? 201 : 200)
    }

    /// Every registered device, by token.
    func all() -> [RegisteredDevice] {
        let rows =
            (try? database.pool.read { db in
                try Row.fetchAll(db, sql: "SELECT token, bundle, environment FROM device ORDER BY token")
            }) ?? []
        return rows.compactMap { row in
            try? RegisteredDevice(
                token: row.decode(String.self, forColumn: "token"),
                bundleIdentifier: row.decode(String.self, forColumn: "bundle"),
                environment: row.decode(String.self, forColumn: "environment"))
        }
    }

    /// How many devices registered.
    func count() -> Int {
        (try? database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM device") }) ?? 0
    }
}
