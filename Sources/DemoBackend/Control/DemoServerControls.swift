public import Foundation

/// The fault and data controls of a demo server, whether it runs in this process
/// (``DemoBackend``) or in another (``DemoBackendAdmin`` over its admin routes).
public protocol DemoServerControls: Sendable {
    /// What the server is doing.
    func status() async throws(DemoBackendError) -> DemoBackendStatus
    /// Answers the next `count` requests with `status` (and `Retry-After` when given).
    func injectStatus(_ status: Int, count: Int, retryAfter: String?) async throws(DemoBackendError)
    /// Adds this much latency to every request.
    func setLatency(milliseconds: Int) async throws(DemoBackendError)
    /// Spoils the body of the next `count` responses.
    func inject(_ fault: DemoBackend.BodyFault, count: Int) async throws(DemoBackendError)
    /// Clears faults and counters and restores the sample data.
    func reset() async throws(DemoBackendError)
    /// Changes a document's body as another device would; false when there is no such document.
    func editElsewhere(id: Int, body: String) async throws(DemoBackendError) -> Bool
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
}
