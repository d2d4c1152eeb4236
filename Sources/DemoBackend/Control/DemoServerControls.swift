public import Foundation

/// The fault and data controls of a demo server, whether it runs in this process
/// (``DemoBackend``) or in another (``DemoBackendAdmin`` over its admin routes).
public protocol DemoServerControls: Sendable {
    /// What the server is doing.
    func status() async throws(DemoBackendError) -> DemoBackendStatus
    /// Answers the next `count` requests (to `path` or under it, when given) with `status` (and
    /// `Retry-After` when given).
    func injectStatus(_ status: Int, count: Int, retryAfter: String?, path: RequestPath?) async throws(DemoBackendError)
    /// Adds this much latency to every request.
    func setLatency(milliseconds: Int) async throws(DemoBackendError)
    /// Spoils the body of the next `count` responses (to requests to `path` or under it, when
    /// given).
    func inject(_ fault: DemoBackend.BodyFault, count: Int, path: RequestPath?) async throws(DemoBackendError)
    /// Clears faults and counters and restores the sample data.
    func reset() async throws(DemoBackendError)
    /// Changes item `id` of `collection` as another device would (its version moves on): `fields`
    /// is a JSON object of the fields to change, as the API names them (`{"body":"…"}`). The
    /// server's refusal is thrown: 404 for no such item, 422 for a value its rules refuse.
    func editElsewhere(_ collection: String, id: Int, fields: String) async throws(DemoBackendError)
    /// Ends every session (as expiry would): their tokens get 401 from now on.
    func revokeAllSessions() async throws(DemoBackendError)
    /// Makes `count` changes to the documents quickly (a transaction each); returns the
    /// documents' change number after the last.
    func burst(count: Int) async throws(DemoBackendError) -> Int
    /// Closes every live socket (clients must reconnect and catch up), or sends each a message
    /// that is not an event, as a broken server might.
    func injectLiveFault(_ fault: DemoBackend.LiveFault) async throws(DemoBackendError)
}

extension DemoBackend: DemoServerControls {}

/// The fields `server edit` hands over, read once for both ways of reaching the server.
enum EditedFields {
    /// The changes `fields` holds: a JSON object with at least one member.
    static func changes(_ fields: String) throws(DemoBackendError) -> [String: JSONValue] {
        guard let changes = try? ServerJSON.decoder.decode([String: JSONValue].self, from: Data(fields.utf8)),
            !changes.isEmpty
        else {
            throw .rejected(400, #"the fields must be a JSON object with at least one member, such as {"body":"text"}"#)
        }
        return changes
    }
}

extension DemoBackend {
    /// The data folder of the account's server: `$XDG_DATA_HOME/strata-server`, else
    /// `~/.local/share/strata-server`.
    ///
    /// Every shell of the account (and `strata-server` by default) uses it, so the account's
    /// devices share one server.
    public static func defaultDataFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
        return base.appendingPathComponent("strata-server")
    }

    /// The admin token a standalone server keeps in its data `folder` (`admin-token`, readable
    /// by its owner only), so a shell of the same user finds it; nil when there is none.
    public static func storedAdminToken(in folder: URL) -> String? {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("admin-token").path)
        else { return nil }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return token.isEmpty ? nil : token
    }

    /// Keeps this server's admin token in its data folder for ``storedAdminToken(in:)``: written
    /// whole with mode 0600, then renamed into place.
    public func storeAdminToken() throws(DemoBackendError) {
        let folder = core.database.folder
        let target = folder.appendingPathComponent("admin-token")
        let temporary = folder.appendingPathComponent(".admin-token.\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temporary) }
        guard
            FileManager.default.createFile(
                atPath: temporary.path, contents: Data((adminToken + "\n").utf8), attributes: [.posixPermissions: 0o600]
            ),
            rename(temporary.path, target.path) == 0
        else { throw .dataFolder("cannot keep the admin token in '\(target.path)'") }
    }
}
