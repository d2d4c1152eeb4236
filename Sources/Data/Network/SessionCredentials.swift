import Logging
import Synchronization

/// Keeps the session beyond the process: the app's secret store, adapted by the composition root.
public protocol TokenKeeping: Sendable {
    /// The session kept, if any.
    func load() -> (account: String, token: String)?
    /// Keeps a new session.
    func save(account: String, token: String) throws
    /// Forgets the session.
    func remove() throws
}

/// The signed-in session the API client sends as `Authorization: Bearer`: read from the keeper
/// at launch, replaced at sign-in, and forgotten at sign-out or when the server refuses it (401).
public final class SessionCredentials: Sendable {
    private let session: Mutex<(account: String, token: String)?>
    private let refused = Mutex(false)
    private let keeper: (any TokenKeeping)?
    private let logger = Logger(label: "strata.data.session")

    /// Credentials starting from what `keeper` kept (none without one).
    public init(keeper: (any TokenKeeping)?) {
        self.keeper = keeper
        session = Mutex(keeper?.load())
    }

    /// The account signed in, if any.
    public var account: String? { session.withLock { $0?.account } }

    /// The bearer token, if signed in.
    var token: String? { session.withLock { $0?.token } }

    /// Keeps a new session (the keeper first: a session the device could not keep is not used).
    func signedIn(account: String, token: String) throws {
        try keeper?.save(account: account, token: token)
        session.withLock { $0 = (account, token) }
    }

    /// Forgets the session here and in the keeper.
    func forget() throws {
        try keeper?.remove()
        session.withLock { $0 = nil }
    }

    /// Whether the server refused the session since the last call (the app tells the user once).
    public func takeRefusal() -> Bool {
        refused.withLock { value in
            defer { value = false }
            return value
        }
    }

    /// The server refused `token` (401): forget the session, unless another sign-in replaced it.
    func rejected(_ token: String) {
        let wasCurrent = session.withLock { state -> Bool in
            guard state?.token == token else { return false }
            state = nil
            return true
        }
        guard wasCurrent else { return }
        refused.withLock { $0 = true }
        logger.notice("the server refused the session; sign in again")
        do {
            try keeper?.remove()
        } catch {
            logger.error("could not forget the refused session: \(error)")
        }
    }
}
