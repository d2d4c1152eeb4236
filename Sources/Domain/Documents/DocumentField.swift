/// The editable fields of a document.
public enum DocumentField: String, Hashable, Sendable, CaseIterable {
    /// The title.
    case title
    /// The body.
    case body
    /// The tags.
    case tags
}
