public import Domain
public import Foundation

/// Small, predictable values for tests.
public enum FakeData {
    /// The date every fake document carries: 2026-03-01T12:00:00Z.
    public static let date = Date(timeIntervalSince1970: 1_772_366_400)

    /// A document with defaults for every field but the identifier (a whole number: negative
    /// for one issued by this device; 0 is read as 1, since no document has it).
    public static func document(
        id: Int, title: String? = nil, body: String = "Body", tags: [String] = [], version: Int = 1,
        updatedAt: Date? = nil
    ) -> Document {
        Document(
            id: documentID(id), title: title ?? "Document \(id)", body: body, tags: tags, createdAt: date,
            updatedAt: updatedAt ?? date, version: version, syncState: .synced)
    }

    /// The document identifier written as `number` (0 is read as 1).
    public static func documentID(_ number: Int) -> Document.ID {
        guard let id = Document.ID(rawValue: number) else { return documentID(1) }
        return id
    }

    /// A user with defaults for every field but the identifier (positive; anything else is read as 1).
    public static func user(id: Int, name: String? = nil) -> User {
        User(id: userID(id), name: name ?? "User \(id)", email: "user\(id)@example.com", bio: "")
    }

    /// The user identifier written as `number` (anything not positive is read as 1).
    public static func userID(_ number: Int) -> User.ID {
        guard let id = User.ID(rawValue: number) else { return userID(1) }
        return id
    }
}
