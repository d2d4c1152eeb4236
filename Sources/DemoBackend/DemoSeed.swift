public import Foundation

/// The sample users and documents the demo server starts with.
public enum DemoSeed {
    /// When the sample data was written: 2026-01-01T09:00:00Z.
    public static let epoch = Date(timeIntervalSince1970: 1_767_258_000)

    static var documents: [WireDocument] {
        [
            document(1, "Welcome to Strata", "Strata is a four-layer template. Start with the Guide.", ["intro"], 0),
            document(
                2, "Layer rules", "Domain imports Foundation at most. Data and Presentation see only Domain.",
                ["architecture", "rules"], 10
            ),
            document(3, "Shopping list", "Milk, eggs, coffee.", ["home"], 20),
        ]
    }

    static var users: [WireUser] {
        [
            WireUser(id: 1, name: "Ada Lovelace", email: "ada@example.com", bio: "Writes the first programs."),
            WireUser(id: 2, name: "Grace Hopper", email: "grace@example.com", bio: "Finds the bugs."),
        ]
    }

    private static func document(_ id: Int, _ title: String, _ body: String, _ tags: [String], _ minutes: Double)
        -> WireDocument
    {
        let date = epoch.addingTimeInterval(minutes * 60)
        return WireDocument(id: id, title: title, body: body, tags: tags, createdAt: date, updatedAt: date, version: 1)
    }
}
