/// The fields of a document that does not exist yet.
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
}
