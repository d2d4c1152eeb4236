import Domain
import Foundation

extension Document {
    /// Whether the title, body or a tag contains `query`, ignoring case and diacritics.
    func matches(_ query: String) -> Bool {
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        return title.range(of: query, options: options) != nil
            || body.range(of: query, options: options) != nil
            || tags.contains { $0.range(of: query, options: options) != nil }
    }
}
