public import Domain

extension APIClient {
    /// User profiles by id: `GET /users/:id`.
    public func userStore() -> some RemoteStore<User.ID, User> {
        HTTPResourceStore<User.ID, UserDTO, User>(
            client: self, request: { ("users/\($0.rawValue)", []) },
            map: { dto throws(RemoteError) in try dto.toDomain() }, identify: { $0.id })
    }
}
