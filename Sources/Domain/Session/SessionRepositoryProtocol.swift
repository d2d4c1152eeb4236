/// Signs in and out against the server and keeps the session on the device; implemented in Data.
public protocol SessionRepositoryProtocol: Sendable {
    /// The name signed in on this device, if any.
    func currentAccount() async -> String?
    /// Opens a session for `name` with `password`; returns the name signed in.
    func signIn(name: String, password: String) async throws(SessionError) -> String
    /// Ends the session on the server (when it can) and forgets it here.
    func signOut() async throws(SessionError)
}
