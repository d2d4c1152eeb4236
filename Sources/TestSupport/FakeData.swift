import Domain
import Foundation

/// Small, predictable values for tests.
public enum FakeData {
    /// The date every fake document carries: 2026-03-01T12:00:00Z.
    public static let date = Date(timeIntervalSince1970: 1_772_366_400)

    /// A document with defaults for every field but the identifier.
    public static func document(
        id: Int, title: String? = nil, body: String = "Body", tags: [String] = [], version: Int = 1
    ) -> Document {
        Document(
            id: id, title: title ?? "Document \(id)", body: body, tags: tags, createdAt: date, updatedAt: date,
            version: version
        )
    }

    /// A user with defaults for every field but the identifier.
    public static func user(id: Int, name: String? = nil) -> User {
        User(id: id, name: name ?? "User \(id)", email: "user\(id)@example.com", bio: "")
    }
}
