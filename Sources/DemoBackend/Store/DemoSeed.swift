public import Foundation

/// The collections the demo server serves and the sample data it starts with.
public enum DemoSeed {
    /// When the sample data was written: 2026-01-01T09:00:00Z.
    public static let epoch = Date(timeIntervalSince1970: 1_767_258_000)

    /// Documents: a title, a body and tags, as the app's rules allow them.
    public static let documents = CollectionSpec(
        name: "documents", tagPrefix: "d",
        fields: [
            .init("title", .string(maxLength: 200, nonEmpty: true), required: true, inSummary: true, searchable: true),
            .init("body", .string(maxBytes: 1_048_576), defaultValue: #""""#, searchable: true),
            .init("tags", .words(maxCount: 20, maxLength: 50), defaultValue: "[]", inSummary: true, searchable: true),
        ],
        maxAge: 60)

    /// User profiles, read-only.
    public static let users = CollectionSpec(
        name: "users", tagPrefix: "u",
        fields: [
            .init("name", .string(maxLength: 200, nonEmpty: true), required: true, inSummary: true),
            .init("email", .string(maxLength: 320), required: true, inSummary: true),
            .init("bio", .string(maxLength: 2000), defaultValue: #""""#),
        ],
        writable: false, maxAge: 60)

    /// Every collection the demo server serves: the template's own, then the features'.
    public static let collections = [documents, users] + FeatureCollections.all

    /// The resources a new (or reset) server holds, by collection, in id order.
    static var samples: [(collection: String, fields: [String: JSONValue], minutes: Double)] {
        [
            (
                "documents",
                document("Welcome to Strata", "Strata is a four-layer template. Start with the Guide.", ["intro"]), 0
            ),
            (
                "documents",
                document(
                    "Layer rules", "Domain imports Foundation at most. Data and Presentation see only Domain.",
                    ["architecture", "rules"]), 10
            ),
            ("documents", document("Shopping list", "Milk, eggs, coffee.", ["home"]), 20),
            ("users", user("Ada Lovelace", "ada@example.com", "Writes the first programs."), 0),
            ("users", user("Grace Hopper", "grace@example.com", "Finds the bugs."), 0),
        ]
    }

    private static func document(_ title: String, _ body: String, _ tags: [String]) -> [String: JSONValue] {
        ["title": .string(title), "body": .string(body), "tags": .array(tags.map(JSONValue.string))]
    }

    private static func user(_ name: String, _ email: String, _ bio: String) -> [String: JSONValue] {
        ["name": .string(name), "email": .string(email), "bio": .string(bio)]
    }
}
