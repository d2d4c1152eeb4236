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
        createdAt: Date? = nil, updatedAt: Date? = nil
    ) -> Document {
        Document(
            id: documentID(id), content: draft(title: title ?? "Document \(id)", body: body, tags: tags),
            createdAt: createdAt ?? date, updatedAt: updatedAt ?? date, version: version, syncState: .synced)
    }

    /// A document whose every field holds something other than its type's empty value.
    ///
    /// What a round trip through a boundary (a table, the wire, a file, the shell's JSON) must give
    /// back whole. `FakeDataTests` fails while a field here is empty, zero or missing, so a new
    /// field is set here and then checked by every round trip.
    public static let completeDocument = Document(
        id: documentID(7),
        content: DocumentDraft(title: "Every field", body: "A body, with é and 🙂", tags: ["one", "two"]),
        createdAt: Date(timeIntervalSince1970: 1_772_000_000), updatedAt: date, version: 4, syncState: .synced)

    /// One version of an item in conflict: `version` and `fields`, made and last changed at
    /// ``date``.
    public static func side(version: Int, fields: [ItemConflict.Field]) -> ItemConflict.Side {
        ItemConflict.Side(version: version, createdAt: date, updatedAt: date, fields: fields)
    }

    /// Every field of `document` by name, its editable ones (``Document/content``) among the
    /// others: what a round-trip test compares one by one.
    public static func everyField(of document: Document) -> [(name: String, value: Any)] {
        let fields = Array(Mirror(reflecting: document).children) + Mirror(reflecting: document.content).children
        return fields.compactMap { field in
            guard let name = field.label, name != "content" else { return nil }
            return (name, field.value)
        }
    }

    /// A new document's fields for a test: the ones it names, empty ones for the rest.
    ///
    /// Tests name what they are about; production code builds a draft with every field
    /// (Docs/Conventions.md).
    public static func draft(title: String, body: String = "", tags: [String] = []) -> DocumentDraft {
        var draft = DocumentDraft.empty
        draft.title = title
        draft.body = body
        draft.tags = tags
        return draft
    }

    /// Changes for a test: the fields it names; every other field stays as it is.
    public static func changes(title: String? = nil, body: String? = nil, tags: [String]? = nil) -> DocumentChanges {
        var values = DocumentDraft.empty
        var fields: Set<DocumentField> = []
        if let title {
            values.title = title
            fields.insert(.title)
        }
        if let body {
            values.body = body
            fields.insert(.body)
        }
        if let tags {
            values.tags = tags
            fields.insert(.tags)
        }
        return DocumentChanges(values, fields: fields)
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
