/// The editable fields of a document: a new one before it is saved, or an existing one while the
/// user edits it.
public struct DocumentDraft: Hashable, Sendable {
    /// The title; must satisfy ``DocumentRules``.
    public var title: String
    /// The body; may be empty.
    public var body: String
    /// The tags; at most ``DocumentRules/maxTagCount``.
    public var tags: [String]

    /// Creates a draft.
    public init(title: String, body: String, tags: [String]) {
        self.title = title
        self.body = body
        self.tags = tags
    }

    /// The draft of an existing document: its editable fields as saved.
    public init(_ document: Document) {
        self.init(title: document.title, body: document.body, tags: document.tags)
    }

    /// A blank draft: what a new document's form starts from.
    public static let empty = DocumentDraft(title: "", body: "", tags: [])

    /// This draft, edited from `old`, moved onto `new`: the fields changed here stay, the others
    /// take `new`'s value (an editor whose document changed elsewhere keeps the user's edits).
    public func rebased(from old: DocumentDraft, onto new: DocumentDraft) -> DocumentDraft {
        DocumentDraft(
            title: title == old.title ? new.title : title, body: body == old.body ? new.body : body,
            tags: tags == old.tags ? new.tags : tags)
    }
}
