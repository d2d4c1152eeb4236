import Domain
import Foundation

/// A document as `docs export` writes it: one JSON object in the import format, so the file can be
/// handed back with `inbox add` and `docs import`.
enum ExportFile {
    /// The answer to `docs export`.
    struct JSON: Encodable {
        let exported: String
    }

    /// The file's bytes: the document's editable fields as one JSON object (keys sorted) on one
    /// line.
    static func contents(of document: Document) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(DocumentFileRecord(DocumentDraft(document)))) ?? Data("{}".utf8)) + Data("\n".utf8)
    }

    /// A file name from the title: characters a file name cannot hold become `-`; an empty or
    /// dot-only title gives `document-ID`.
    static func name(for document: Document) -> String {
        let safe = String(document.title.map { $0 == "/" || $0 == "\0" || $0.isNewline ? "-" : $0 }.prefix(100))
            .trimmingCharacters(in: .whitespaces)
        let base = safe.allSatisfy { $0 == "." } ? "document-\(document.id.rawValue)" : safe
        return base + ".json"
    }
}
