import Foundation

/// The validation rules for documents: one place, used by every use case that writes.
public enum DocumentRules {
    /// The longest title allowed, in characters (Unicode scalars, ``StorableText/length(of:)``).
    public static let maxTitleLength = 200
    /// The largest body allowed, in UTF-8 bytes (1 MiB).
    public static let maxBodyBytes = 1_048_576
    /// The most tags a document may carry.
    public static let maxTagCount = 20
    /// The longest tag allowed, in characters (Unicode scalars, ``StorableText/length(of:)``).
    public static let maxTagLength = 50
    /// The longest search query allowed, in characters.
    public static let maxQueryLength = SearchWords.maxQueryLength
    /// The most documents a page holds.
    public static let maxPageSize = PageRequest.maxLimit

    /// The document identifier written as `number`; 0 is no identifier.
    public static func id(_ number: Int) throws(DocumentError) -> Document.ID {
        guard let id = Document.ID(rawValue: number) else { throw .invalidID(number) }
        return id
    }

    /// The first rule a new document breaks, if any.
    public static func check(_ draft: DocumentDraft) -> DocumentError? {
        DocumentField.allCases.lazy.compactMap { check($0, of: draft) }.first
    }

    /// The first rule a set of changes breaks, if any (the fields it changes, in their order).
    public static func check(_ changes: DocumentChanges) -> DocumentError? {
        if changes.isEmpty { return .noChanges }
        return DocumentField.allCases.lazy.filter(changes.fields.contains).compactMap { check($0, of: changes.values) }
            .first
    }

    /// The rule `field` of `draft` breaks, if any: every field has a case, so the compiler asks for
    /// a new field's rule.
    public static func check(_ field: DocumentField, of draft: DocumentDraft) -> DocumentError? {
        switch field {
        case .title: check(title: draft.title)
        case .body: check(body: draft.body)
        case .tags: check(tags: draft.tags)
        }
    }

    /// The first rule a body breaks, if any (a merged body is checked alone).
    public static func check(body: String) -> DocumentError? {
        if body.utf8.count > maxBodyBytes {
            return .invalidField(.body, reason: "The body is too large (at most \(maxBodyBytes / 1_048_576) MiB)")
        }
        return storable(body, in: .body)
    }

    /// The first rule a search query breaks, if any (after ``SearchWords/normalized(_:)``).
    public static func check(query: String) -> DocumentError? {
        switch SearchWords.refusal(of: query) {
        case .empty: .emptyQuery
        case .tooLong: .queryTooLong(maxCharacters: maxQueryLength)
        case .noWordsOnDevice, nil: nil
        }
    }

    /// The error a page size breaks, if any (1 to ``maxPageSize``).
    public static func check(pageLimit limit: Int) -> DocumentError? {
        (1...maxPageSize).contains(limit) ? nil : .invalidPageSize(limit, max: maxPageSize)
    }

    /// The title as it is stored: surrounding white space removed.
    public static func normalized(title: String) -> String {
        title.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

// MARK: - Private

extension DocumentRules {
    private static func check(title: String) -> DocumentError? {
        let trimmed = normalized(title: title)
        if trimmed.isEmpty { return .invalidField(.title, reason: "The title can't be empty") }
        if StorableText.length(of: trimmed) > maxTitleLength {
            return .invalidField(.title, reason: "The title is too long (at most \(maxTitleLength) characters)")
        }
        return storable(title, in: .title)
    }

    private static func check(tags: [String]) -> DocumentError? {
        if tags.count > maxTagCount { return .invalidField(.tags, reason: "Too many tags (at most \(maxTagCount))") }
        let invalid = tags.first { tag in
            // White space by Unicode scalars, as the server reads it: after a mark that prepends
            // (U+0600), a space is inside a character that is not white space.
            tag.isEmpty || StorableText.length(of: tag) > maxTagLength
                || tag.unicodeScalars.contains(where: \.properties.isWhitespace)
        }
        if let invalid {
            return .invalidField(
                .tags, reason: "Invalid tag '\(invalid)': use 1 to \(maxTagLength) characters, no spaces")
        }
        // Compared by Unicode scalars, as the server and the contract's `uniqueItems` compare:
        // `é` typed as one scalar and as `e` and a mark are two tags there, so they are here.
        var seen: Set<[Unicode.Scalar]> = []
        if let repeated = tags.first(where: { !seen.insert(Array($0.unicodeScalars)).inserted }) {
            return .invalidField(.tags, reason: "The tag '\(repeated)' is given twice")
        }
        return tags.lazy.compactMap { storable($0, in: .tags) }.first
    }

    /// No text may hold U+0000 (``StorableText``): the device would keep it cut short.
    private static func storable(_ text: String, in field: DocumentField) -> DocumentError? {
        StorableText.isStorable(text)
            ? nil : .invalidField(field, reason: "The \(field.rawValue) can't contain the character U+0000")
    }
}
