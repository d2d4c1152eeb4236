import Foundation

/// A person with a profile in the sample app.
public struct User: Identifiable, Hashable, Sendable {
    /// The user's identifier.
    public let id: ID
    /// The name shown on the profile.
    public var name: String
    /// The user's e-mail address.
    public var email: String
    /// A short self-description; may be empty.
    public var bio: String

    /// Creates a user from its fields.
    public init(id: ID, name: String, email: String, bio: String) {
        self.id = id
        self.name = name
        self.email = email
        self.bio = bio
    }

    /// A user's identifier: a positive whole number the server issued.
    public struct ID: Hashable, Comparable, Sendable, CustomStringConvertible {
        /// The identifier as a whole number.
        public let rawValue: Int

        /// The identifier written as `rawValue`; `nil` unless it is positive.
        public init?(rawValue: Int) {
            guard rawValue > 0 else { return nil }
            self.rawValue = rawValue
        }

        /// The identifier as a whole number.
        public var description: String { String(rawValue) }

        /// Identifiers order by their whole number.
        public static func < (lhs: ID, rhs: ID) -> Bool { lhs.rawValue < rhs.rawValue }
    }
}
