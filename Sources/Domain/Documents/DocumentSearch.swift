import Foundation

/// How documents are found: the one definition of a match, used wherever documents are searched
/// (the server's results, this device's unsent documents, and every fake in the tests).
///
/// Two ways, one per place: the server finds the query anywhere in a field
/// (``matches(_:query:)``); the index on this device finds documents in which every word of the
/// query begins a word (``matches(_:words:)``), so `regl` finds "Règles de base" and `base r`
/// finds it too, but `gles` does not. Both ignore case and accents.
///
/// ```swift
/// DocumentSearch.matches(document, query: "regle")   // finds "Règles de base"
/// DocumentSearch.matches(document, words: DocumentSearch.words(in: "de REGL"))   // finds it too
/// ```
public enum DocumentSearch {
    /// How the index on this device ranks a match (SQLite's bm25 with these column weights): a
    /// word in the title counts ten times one in the body, a tag five times; equal ranks go
    /// newest change first.
    public static let rankWeights = (title: 10.0, body: 1.0, tags: 5.0)

    /// The words of a query as the index on this device looks for them (``SearchWords``).
    public static func words(in query: String) -> [String] {
        SearchWords.words(in: query)
    }

    /// Whether every one of `words` begins a word of the title, the body or a tag, ignoring case
    /// and accents: how the index on this device matches (also for documents not sent yet).
    public static func matches(_ document: Document, words: [String]) -> Bool {
        SearchWords.match(words, in: [document.title, document.body, document.tags.joined(separator: " ")])
    }

    /// Text with case and accents folded away, as both ways of searching compare it.
    public static func folded(_ text: String) -> String {
        SearchWords.folded(text)
    }

    /// Whether the title, the body or a tag contains `query`, ignoring case and accents.
    public static func matches(_ document: Document, query: String) -> Bool {
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        return document.title.range(of: query, options: options) != nil
            || document.body.range(of: query, options: options) != nil
            || document.tags.contains { $0.range(of: query, options: options) != nil }
    }
}
