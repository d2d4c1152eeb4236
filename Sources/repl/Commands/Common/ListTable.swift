import Domain
import ShellKit

/// How every list prints: a table with a bold header, then `3 documents (network, fresh)`; plain
/// output is one tab-separated line per row.
enum ListTable {
    /// The table and its count line; only the count line when there are no rows.
    static func table(
        header: [String], rows: [[String]], noun: Noun, provenance: Provenance?, styling: Styling
    ) -> String {
        let footer = noun.counted(rows.count) + (provenance.map { " (\($0.text))" } ?? "")
        guard !rows.isEmpty else { return footer }
        return styling.boldFirstLine(TextTable.render(rows: [header] + rows)) + "\n" + footer
    }

    /// One tab-separated line per row; nothing when there are no rows.
    static func plain(_ rows: [[String]]) -> String? {
        rows.isEmpty ? nil : rows.map { $0.joined(separator: "\t") }.joined(separator: "\n")
    }

    /// The plain rows of one page of a list, then its ``pageLine(next:)``, so a script can ask
    /// for the next page; a whole list (`page` nil) is its rows alone.
    static func plain(_ rows: [[String]], page: PageCursor??) -> String? {
        guard let page else { return plain(rows) }
        return (plain(rows).map { $0 + "\n" } ?? "") + pageLine(next: page)
    }

    /// The line under one page of a list: `next: CURSOR` (what `--after` takes), or the end of
    /// the list.
    static func pageLine(next: PageCursor?) -> String {
        next.map { "next: \($0)" } ?? "end of the list"
    }
}

/// The end of one page of a list in the shell's JSON, beside its items: `next`, the cursor
/// `--after` takes (`null` after the last page), and `pageEnd`, whether the page is the last.
struct PageJSON: Encodable {
    let next: PageCursor?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(next?.rawValue, forKey: .next)
        try container.encode(next == nil, forKey: .pageEnd)
    }

    enum CodingKeys: String, CodingKey {
        case next, pageEnd
    }
}

/// A list's JSON with its page's end beside the list's members; a whole list (`page` nil) is the
/// list alone.
struct PagedJSON<List: Encodable>: Encodable {
    let list: List
    let page: PageJSON?

    func encode(to encoder: any Encoder) throws {
        try list.encode(to: encoder)
        try page?.encode(to: encoder)
    }
}

/// What a list's items are called, for its count line: `1 recipe`, `2 recipes`, `3 categories`.
struct Noun: Sendable {
    /// The singular (`category`).
    let one: String
    /// The plural (`categories`).
    let many: String

    /// `count` and the word that goes with it.
    func counted(_ count: Int) -> String { "\(count) \(count == 1 ? one : many)" }
}
