public import Domain

/// The production ``UserRepositoryProtocol``: reads through a cache-backed data source.
public struct UserRepositoryImpl: UserRepositoryProtocol {
    private let users: any CachedReading<User.ID, User>

    /// Creates the repository over its data source.
    public init(users: any CachedReading<User.ID, User>) {
        self.users = users
    }

    /// One user.
    public func user(id: User.ID, policy: ReadPolicy) async throws(UserError) -> Fetched<User> {
        do {
            return try await users.read(id, policy: policy)
        } catch {
            throw error.userError(id: id)
        }
    }
}
