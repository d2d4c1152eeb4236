import Foundation

/// A person with a profile in the sample app.
public struct User: Identifiable, Hashable, Codable, Sendable {
    /// The user's identifier, a positive whole number.
    public let id: Int
    /// The name shown on the profile.
    public var name: String
    /// The user's e-mail address.
    public var email: String
    /// A short self-description; may be empty.
    public var bio: String

    /// Creates a user from its fields.
    public init(id: Int, name: String, email: String, bio: String) {
        self.id = id
        self.name = name
        self.email = email
        self.bio = bio
    }
}
