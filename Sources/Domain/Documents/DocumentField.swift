/// The editable fields of a document: one case per property of ``DocumentDraft``.
///
/// ``property`` is the one place that names each field's property. Changes, rebasing, the rules
/// that list every field and an editor window's restoration reach the field through it, so they
/// need no edit when a field is added.
public enum DocumentField: String, Hashable, Sendable, CaseIterable {
    /// The title.
    case title
    /// The body.
    case body
    /// The tags.
    case tags

    /// The draft's property that holds this field.
    public var property: PartialKeyPath<DocumentDraft> {
        switch self {
        case .title: \.title
        case .body: \.body
        case .tags: \.tags
        }
    }

    /// Sets this field of `target` to its value in `source`, leaving the others as they are.
    public func copy(from source: DocumentDraft, to target: inout DocumentDraft) {
        guard let value = source[keyPath: property] as? any Hashable else { return }
        set(value, in: &target)
    }

    /// Sets this field of `draft` to `value`; `false`, changing nothing, when `value` is not of
    /// the field's type (a value read back by the field's name, such as a restored window's).
    @discardableResult
    public func set(_ value: any Hashable, in draft: inout DocumentDraft) -> Bool {
        Self.write(value, at: property, in: &draft)
    }

    /// Whether this field holds a different value in `one` and `other`.
    public func differs(_ one: DocumentDraft, _ other: DocumentDraft) -> Bool {
        var copied = one
        copy(from: other, to: &copied)
        return copied != one
    }

    /// Writes `value` where `path` points when the property holds a `Value`: the value's own type
    /// is opened here, so a field of any type is written without a case of its own.
    private static func write<Value: Hashable>(
        _ value: Value, at path: PartialKeyPath<DocumentDraft>, in draft: inout DocumentDraft
    ) -> Bool {
        guard let path = path as? WritableKeyPath<DocumentDraft, Value> else { return false }
        draft[keyPath: path] = value
        return true
    }
}
