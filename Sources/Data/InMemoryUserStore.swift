import Domain

/// A user repository that keeps profiles in process memory.
public actor InMemoryUserStore: UserRepositoryProtocol {
    private let usersByID: [Int: User]

    /// Creates a store holding `users`.
    public init(users: [User] = []) {
        self.usersByID = Dictionary(users.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// One user by identifier.
    public func user(id: Int, policy: ReadPolicy) async throws(UserError) -> Fetched<User> {
        guard let user = usersByID[id] else { throw .notFound(id: id) }
        return Fetched(user, origin: .memory)
    }
}
