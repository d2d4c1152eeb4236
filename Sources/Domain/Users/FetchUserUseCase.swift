/// Reads one user's profile.
public struct FetchUserUseCase: Sendable {
    private let repository: any UserRepositoryProtocol

    /// Creates the use case over a repository.
    public init(repository: any UserRepositoryProtocol) {
        self.repository = repository
    }

    /// Reads the profile.
    ///
    /// ```swift
    /// let result = await FetchUserUseCase(repository: repository).execute(id: userID)
    /// ```
    public func execute(id: User.ID, policy: ReadPolicy = .cacheFirst) async -> Result<Fetched<User>, UserError> {
        await .catching { () async throws(UserError) in try await repository.user(id: id, policy: policy) }
    }
}
