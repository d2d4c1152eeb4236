/// The editable fields of a document: a new one before it is saved, an existing one's
/// ``Document/content``, or the user's edits of it.
///
/// A new field is a property here, a parameter of the initializer and a case of ``DocumentField``;
/// the compiler then names the places that must say what it holds.
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
        self = document.content
    }

    /// A blank draft: what a new document's form starts from.
    public static let empty = DocumentDraft(title: "", body: "", tags: [])

    /// This draft, edited from `old`, moved onto `new`: the fields changed here stay, the others
    /// take `new`'s value (an editor whose document changed elsewhere keeps the user's edits).
    public func rebased(from old: DocumentDraft, onto new: DocumentDraft) -> DocumentDraft {
        var rebased = new
        for field in DocumentField.allCases where field.differs(self, old) { field.copy(from: self, to: &rebased) }
        return rebased
    }
}
