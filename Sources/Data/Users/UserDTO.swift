import Domain

/// A user profile as the API sends it.
struct UserDTO: Codable, Sendable, Equatable {
    let id: Int
    let name: String
    let email: String
    let bio: String

    /// The Domain user; the server issues positive identifiers.
    func toDomain() throws(RemoteError) -> User {
        guard let userID = User.ID(rawValue: id) else { throw .invalidData("user id \(id)") }
        return User(id: userID, name: name, email: email, bio: bio)
    }
}
