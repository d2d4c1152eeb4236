import Domain
import Foundation

/// One document in the file format `docs export` writes and `docs import` reads: its editable
/// fields by name, every one written, all but `title` optional when read.
struct DocumentFileRecord: Codable {
    let title: String
    let body: String?
    let tags: [String]?

    /// The record's members; `docs import` refuses any other (a `"tag"` for `"tags"` would be lost).
    enum CodingKeys: String, CodingKey, CaseIterable {
        case title, body, tags
    }

    /// The record of `draft`, with every field.
    init(_ draft: DocumentDraft) {
        title = draft.title
        body = draft.body
        tags = draft.tags
    }

    /// The draft the record describes; a field left out is empty.
    var draft: DocumentDraft { DocumentDraft(title: title, body: body ?? "", tags: tags ?? []) }
}

extension ExportFile {
    /// The file `docs export` writes of `document`: its editable fields.
    static func contents(of document: Document) -> Data {
        contents(DocumentFileRecord(DocumentDraft(document)))
    }

    /// The name of `document`'s file: its title, or `document-ID` when that leaves nothing.
    static func name(for document: Document) -> String {
        name(from: document.title, fallback: "document-\(document.id.rawValue)")
    }
}
