import Domain
import Foundation
import ShellKit

/// A list of documents and where it came from (`nil` when the list is empty and has no source).
struct DocumentListOutput: CommandRendering {
    let items: [DocumentSummary]
    let provenance: Provenance?
    /// For one page of a list (`docs list --limit`): the next page's cursor, nil after the last.
    var page: Page?

    /// A page's end.
    struct Page {
        let next: PageCursor?
    }

    func table(styling: Styling) -> String? {
        ListTable.table(
            header: ["ID", "TITLE", "TAGS", "VERSION", "UPDATED"], rows: items.map(Self.cells),
            noun: Noun.documents,
            provenance: provenance, styling: styling) + (page.map { "\n" + ListTable.pageLine(next: $0.next) } ?? "")
    }

    func plain() -> String? { ListTable.plain(items.map(Self.cells), page: page.map(\.next)) }

    func json() -> String {
        JSONOutput.encode(
            PagedJSON(
                list: JSON(
                    items: items.map(Item.init), count: items.count, origin: provenance?.origin.rawValue,
                    freshness: provenance?.freshness.rawValue, ageSeconds: provenance?.ageSeconds),
                page: page.map { PageJSON(next: $0.next) }))
    }

    /// A document in a list.
    struct Item: Encodable {
        let id: Int
        let title: String
        let tags: [String]
        let updatedAt: Date
        let version: Int

        init(_ summary: DocumentSummary) {
            id = summary.id.rawValue
            title = summary.title
            tags = summary.tags
            updatedAt = summary.updatedAt
            version = summary.version
        }
    }

    /// A list of documents with its provenance.
    struct JSON: Encodable {
        let items: [Item]
        let count: Int
        let origin: String?
        let freshness: String?
        let ageSeconds: Int?
    }

    private static func cells(_ item: DocumentSummary) -> [String] {
        [
            item.id.description, item.title, item.tags.joined(separator: ","), String(item.version),
            item.updatedAt.formatted(.iso8601),
        ]
    }
}

extension Noun {
    /// What documents are called in lists, imports and pages.
    static let documents = Noun(one: "document", many: "documents")
}
