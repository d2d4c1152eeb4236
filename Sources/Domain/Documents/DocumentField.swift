/// The editable fields of a document: one case per property of ``DocumentDraft``.
///
/// ``copy(from:to:)`` is the one place that names each field's property, so changes, rebasing and
/// the rules that list every field need no edit when a field is added.
public enum DocumentField: String, Hashable, Sendable, CaseIterable {
    /// The title.
    case title
    /// The body.
    case body
    /// The tags.
    case tags

    /// Sets this field of `target` to its value in `source`, leaving the others as they are.
    public func copy(from source: DocumentDraft, to target: inout DocumentDraft) {
        switch self {
        case .title: target.title = source.title
        case .body: target.body = source.body
        case .tags: target.tags = source.tags
        }
    }

    /// Whether this field holds a different value in `one` and `other`.
    public func differs(_ one: DocumentDraft, _ other: DocumentDraft) -> Bool {
        var copied = one
        copy(from: other, to: &copied)
        return copied != one
    }
}
