/// Reads user profiles wherever they live; implemented in the Data layer.
public protocol UserRepositoryProtocol: Sendable {
    /// One user by identifier.
    func user(id: User.ID, policy: ReadPolicy) async throws(UserError) -> Fetched<User>
}
