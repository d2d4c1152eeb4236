/// The fields to change on an existing document; `nil` leaves a field as it is.
public struct DocumentChanges: Hashable, Sendable {
    /// The new title, if it changes.
    public var title: String?
    /// The new body, if it changes.
    public var body: String?
    /// The new tags, if they change.
    public var tags: [String]?

    /// Creates a set of changes.
    public init(title: String?, body: String?, tags: [String]?) {
        self.title = title
        self.body = body
        self.tags = tags
    }

    /// Changes that set every editable field to `document`'s (keeping a local version over a
    /// server's one re-sends all of it).
    public init(everyFieldOf document: Document) {
        self.init(title: document.title, body: document.body, tags: document.tags)
    }

    /// The changes that turn `original` into `draft`: the fields that differ (none when nothing
    /// does).
    public init(from original: DocumentDraft, to draft: DocumentDraft) {
        self.init(
            title: draft.title == original.title ? nil : draft.title,
            body: draft.body == original.body ? nil : draft.body, tags: draft.tags == original.tags ? nil : draft.tags)
    }

    /// Whether the changes leave every field as it is.
    public var isEmpty: Bool { title == nil && body == nil && tags == nil }

    /// The document with these changes applied (the version and dates are the store's to set).
    public func applied(to document: Document) -> Document {
        var changed = document
        if let title { changed.title = title }
        if let body { changed.body = body }
        if let tags { changed.tags = tags }
        return changed
    }
}
