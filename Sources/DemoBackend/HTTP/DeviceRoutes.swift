import Foundation
import GRDB

/// `PUT /devices/{token}`, where devices register their push tokens.
///
/// A device registers the token the system gave it (again whenever it changes), as an app sends
/// its APNs token to its server. Open to anyone: a device registers before anyone signs in.
struct DeviceRoutes: Sendable {
    let database: ServerDatabase
    let now: @Sendable () -> Date

    private struct Registration: Decodable {
        let bundleIdentifier: String
    }

    /// The answer for a `/devices` request, or `nil` for any other path.
    func answer(_ request: APIRequest) throws -> Answer? {
        guard request.parts.first == "devices" else { return nil }
        guard request.parts.count == 2 else {
            return .error("no route for \(request.method) \(request.path)", status: 404)
        }
        guard request.method == "PUT" else {
            return .error("/devices/{token} takes PUT", status: 405, headers: ["Allow": "PUT"])
        }
        let token = request.parts[1]
        guard token.count == 64, token.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
            return .error("a device token is 64 lowercase hexadecimal digits", status: 422)
        }
        guard let registration = try? JSONDecoder().decode(Registration.self, from: request.body),
            !registration.bundleIdentifier.isEmpty
        else { return .error("expected a JSON object with a bundleIdentifier", status: 422) }
        let isNew = try database.pool.write { db in
            let known = try Bool.fetchOne(db, sql: "SELECT 1 FROM device WHERE token = ?", arguments: [token]) ?? false
            try db.execute(
                sql: "INSERT OR REPLACE INTO device (token, bundle, registered_at) VALUES (?, ?, ?)",
                arguments: [token, registration.bundleIdentifier, now().timeIntervalSince1970])
            return !known
        }
        return .json(["token": token], status: isNew ? 201 : 200)
    }

    /// How many devices registered.
    func count() -> Int {
        (try? database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM device") }) ?? 0
    }
}
