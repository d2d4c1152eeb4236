/// The fields to change on an existing document: which ones, and their new values.
public struct DocumentChanges: Hashable, Sendable {
    /// The new values of ``fields``; every other field holds ``DocumentDraft/empty``'s value, so
    /// two sets of changes are equal when they change the same fields to the same values.
    public let values: DocumentDraft
    /// The fields that change; the others stay as they are.
    public let fields: Set<DocumentField>

    /// Changes that set `fields` to their values in `values`.
    public init(_ values: DocumentDraft, fields: Set<DocumentField>) {
        var kept = DocumentDraft.empty
        for field in fields { field.copy(from: values, to: &kept) }
        self.values = kept
        self.fields = fields
    }

    /// Changes that set every editable field to `document`'s (keeping a local version over a
    /// server's one re-sends all of it).
    public init(everyFieldOf document: Document) {
        self.init(document.content, fields: Set(DocumentField.allCases))
    }

    /// The changes that turn `original` into `draft`: the fields that differ (none when nothing
    /// does).
    public init(from original: DocumentDraft, to draft: DocumentDraft) {
        self.init(draft, fields: Set(DocumentField.allCases.filter { $0.differs(original, draft) }))
    }

    /// Whether the changes leave every field as it is.
    public var isEmpty: Bool { fields.isEmpty }

    /// The document with these changes applied (the version and dates are the store's to set).
    public func applied(to document: Document) -> Document {
        var changed = document
        changed.content = applied(to: document.content)
        return changed
    }

    /// `draft` with these changes applied: an editor's unsaved fields laid over a document as
    /// saved.
    public func applied(to draft: DocumentDraft) -> DocumentDraft {
        var changed = draft
        for field in fields { field.copy(from: values, to: &changed) }
        return changed
    }
}
