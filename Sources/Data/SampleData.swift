import Domain
import Foundation

/// The sample documents and users every fresh store and the demo server start with.
public enum SampleData {
    /// The moment the sample data was written: 2026-01-01T09:00:00Z.
    public static let epoch = Date(timeIntervalSince1970: 1_767_258_000)

    /// Three documents, oldest first.
    public static var documents: [Document] {
        [
            document(
                1, "Welcome to Strata", body: "Strata is a four-layer template. Start with the Guide.", tags: ["intro"],
                minutes: 0),
            document(
                2, "Layer rules", body: "Domain imports Foundation at most. Data and Presentation see only Domain.",
                tags: ["architecture", "rules"], minutes: 10),
            document(3, "Shopping list", body: "Milk, eggs, coffee.", tags: ["home"], minutes: 20),
        ]
    }

    /// Two users.
    public static var users: [User] {
        [
            User(id: 1, name: "Ada Lovelace", email: "ada@example.com", bio: "Writes the first programs."),
            User(id: 2, name: "Grace Hopper", email: "grace@example.com", bio: "Finds the bugs."),
        ]
    }
}

// MARK: - Private

extension SampleData {
    private static func document(_ id: Int, _ title: String, body: String, tags: [String], minutes: Double) -> Document
    {
        let date = epoch.addingTimeInterval(minutes * 60)
        return Document(id: id, title: title, body: body, tags: tags, createdAt: date, updatedAt: date, version: 1)
    }
}
