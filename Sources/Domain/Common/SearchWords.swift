import Foundation

/// The words of a search as this device's indexes look for them, for every collection: runs of
/// letters and digits, each matched as the beginning of a word, ignoring case and accents.
///
/// Everything else separates words, so quotes, `*`, `-`, parentheses and `NEAR` are never search
/// syntax: `"near-by*"` looks for the words `near` and `by`.
public enum SearchWords {
    /// The longest query a search takes, in characters (Unicode scalars, as the server counts `q`).
    public static let maxQueryLength = 200

    /// Why a query cannot be searched, whatever the collection, with the sentence the user reads.
    public enum Refusal: Equatable, Sendable {
        /// Nothing but white space.
        case empty
        /// Longer than ``SearchWords/maxQueryLength``.
        case tooLong
        /// No letter or digit, where the index on this device looks (the server's search looks for
        /// the text itself, so it takes such a query).
        case noWordsOnDevice

        /// The sentence for the user.
        public var message: String {
            switch self {
            case .empty: "Type something to search for"
            case .tooLong: "The search is too long (at most \(SearchWords.maxQueryLength) characters)"
            case .noWordsOnDevice: "The search has no letters or digits to look for on this device"
            }
        }
    }

    /// The query as it is searched for: surrounding white space removed.
    public static func normalized(_ query: String) -> String {
        query.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Why `query` cannot be searched anywhere, if it cannot; the index on this device also needs
    /// a word (``Refusal/noWordsOnDevice``), which the data layer checks, since only it knows where
    /// the search runs.
    public static func refusal(of query: String) -> Refusal? {
        let normalized = normalized(query)
        if normalized.isEmpty { return .empty }
        if StorableText.length(of: normalized) > maxQueryLength { return .tooLong }
        return nil
    }

    /// The words of `query`.
    public static func words(in query: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in query {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Text with case and accents folded away, as searches compare it.
    public static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Whether every one of `words` begins a word of one of `fields`, ignoring case and accents:
    /// how the indexes on this device match, for whatever has no index (fakes, unsent items).
    public static func match(_ words: [String], in fields: [String]) -> Bool {
        let present = Set(fields.flatMap { self.words(in: folded($0)) })
        return words.map(folded).allSatisfy { word in present.contains { $0.hasPrefix(word) } }
    }
}
