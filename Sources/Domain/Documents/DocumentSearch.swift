import Foundation

/// How documents are found: the one definition of a match, used wherever documents are searched
/// (the server's results, this device's unsent documents, and every fake in the tests).
///
/// ```swift
/// DocumentSearch.matches(document, query: "regle")   // finds "Règles de base"
/// ```
public enum DocumentSearch {
    /// Whether the title, the body or a tag contains `query`, ignoring case and accents.
    public static func matches(_ document: Document, query: String) -> Bool {
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        return document.title.range(of: query, options: options) != nil
            || document.body.range(of: query, options: options) != nil
            || document.tags.contains { $0.range(of: query, options: options) != nil }
    }

    /// The query as it is searched for: surrounding white space removed.
    public static func normalized(query: String) -> String {
        query.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
