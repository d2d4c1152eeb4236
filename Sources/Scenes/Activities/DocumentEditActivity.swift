public import Domain
public import Platform
import Presentation

/// An editor's state: which document, the unsaved fields and where the cursor is.
///
/// Each unsaved field is kept under `draft` and its name (`draftTitle`, `draftBody`, `draftTags`),
/// read and written through ``DocumentField/property``, so a field added to documents is kept with
/// no edit here. A field left out has no unsaved change: restoring lays only what the user typed
/// over the document as saved.
nonisolated public struct DocumentEditActivity: ActivityPayload {
    /// `com.strata.document.edit`.
    public static let activityType = "com.strata.document.edit"
    /// Version 3, which added the tags; version 2 added the cursor.
    ///
    /// Every version reads with this schema: a field missing is unchanged, and a missing cursor
    /// stands at the end of the body. A field added to documents needs no new version for the same
    /// reason, and an older build ignores it.
    public static let schemaVersion = 3

    /// The document edited, or `nil` for a document not created yet.
    public var documentId: Int?
    /// The fields typed and not saved yet, with their values.
    public var changes: DocumentChanges
    /// The cursor's offset in the body, in characters.
    public var cursor: Int

    /// Creates the payload.
    public init(documentId: Int?, changes: DocumentChanges, cursor: Int) {
        self.documentId = documentId
        self.changes = changes
        self.cursor = cursor
    }

    /// The activity of opening a document (a new one when `documentId` is `nil`) with no draft.
    public static func opening(_ documentId: Int?) -> DocumentEditActivity {
        DocumentEditActivity(documentId: documentId, changes: DocumentChanges(.empty, fields: []), cursor: 0)
    }

    /// Whether the payload carries unsaved changes.
    public var hasDraft: Bool { !changes.isEmpty }

    /// `document/42`, or `nil` for a new document (every new document gets its own scene).
    public var targetContentIdentifier: String? { documentId.map { "document/\($0)" } }
}

nonisolated extension DocumentEditActivity {
    /// A member of the payload: `documentId`, `cursor`, or `draft` and a field's name.
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }

        static let documentId = Key("documentId")
        static let cursor = Key("cursor")

        /// `draftTitle` for the title.
        static func draft(_ field: DocumentField) -> Key {
            Key("draft" + field.rawValue.prefix(1).uppercased() + field.rawValue.dropFirst())
        }
    }

    public init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: Key.self)
        documentId = try members.decodeIfPresent(Int.self, forKey: .documentId)
        var values = DocumentDraft.empty
        var fields = Set<DocumentField>()
        for field in DocumentField.allCases where members.contains(.draft(field)) {
            // The field's type is the one its property holds in the empty draft.
            let type = type(of: DocumentDraft.empty[keyPath: field.property])
            // A null is no unsaved change, as the synthesized decoding of versions 1 to 3 read it,
            // unless the field is an optional, whose null is the value typed.
            if try members.decodeNil(forKey: .draft(field)), !(type is any ExpressibleByNilLiteral.Type) { continue }
            guard let type = type as? any Decodable.Type,
                let value = try members.decode(type, forKey: .draft(field)) as? any Hashable,
                field.set(value, in: &values)
            else {
                throw DecodingError.dataCorruptedError(
                    forKey: .draft(field), in: members, debugDescription: "not a document's \(field.rawValue)")
            }
            fields.insert(field)
        }
        changes = DocumentChanges(values, fields: fields)
        cursor =
            try members.decodeIfPresent(Int.self, forKey: .cursor)
            ?? (fields.contains(.body) ? values.body.count : 0)
    }

    public func encode(to encoder: any Encoder) throws {
        var members = encoder.container(keyedBy: Key.self)
        try members.encodeIfPresent(documentId, forKey: .documentId)
        for field in DocumentField.allCases where changes.fields.contains(field) {
            // Every field's type is a standard one (text, numbers, lists); a field of a type that is
            // not `Encodable` would not be kept, and the relaunch test over the complete document fails.
            guard let value = changes.values[keyPath: field.property] as? any Encodable else { continue }
            try members.encode(value, forKey: .draft(field))
        }
        try members.encode(cursor, forKey: .cursor)
    }
}
