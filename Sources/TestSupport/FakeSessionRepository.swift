public import Domain

/// A ``SessionRepositoryProtocol`` that knows one account and records what it was asked.
public actor FakeSessionRepository: SessionRepositoryProtocol {
    /// The account signed in.
    public private(set) var account: String?
    /// How many times the server was asked to sign in.
    public private(set) var signInRequests = 0
    private let accounts: [String: String]

    /// A fake knowing `accounts` (name → password), signed in as `account`.
    public init(accounts: [String: String] = ["ada": "analytical-engine"], account: String? = nil) {
        self.accounts = accounts
        self.account = account
    }

    /// The account signed in.
    public func currentAccount() async -> String? { account }

    /// Signs in when the pair is known.
    public func signIn(name: String, password: String) async throws(SessionError) -> String {
        signInRequests += 1
        guard accounts[name] == password else { throw .wrongCredentials }
        account = name
        return name
    }

    /// Signs out.
    public func signOut() async throws(SessionError) {
        account = nil
    }
}
