public import Domain

/// A scriptable in-memory ``UserRepositoryProtocol`` for use-case and view-model tests.
public actor FakeUserRepository: UserRepositoryProtocol {
    /// The stored users by identifier.
    public private(set) var stored: [User.ID: User]
    /// Every identifier asked for, in order.
    public private(set) var requestedIDs: [User.ID] = []
    /// When set, every call throws this error.
    public var failure: UserError?

    /// Creates a fake holding `users`.
    public init(users: [User] = []) {
        stored = Dictionary(users.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Makes every following call fail with `error`, or succeed again with `nil`.
    public func setFailure(_ error: UserError?) { failure = error }

    /// Records the call; returns the stored user or `notFound`.
    public func user(id: User.ID, policy: ReadPolicy) async throws(UserError) -> Fetched<User> {
        requestedIDs.append(id)
        if let failure { throw failure }
        guard let found = stored[id] else { throw .notFound(id: id) }
        return Fetched(found, origin: .disk)
    }
}
