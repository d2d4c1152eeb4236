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

    /// A file name from the title: characters a file name cannot hold (or should not: control
    /// characters) become `-`; an empty or dot-only title gives `document-ID`.
    ///
    /// The name keeps at most 100 characters and 200 UTF-8 bytes: a file system's name holds 255
    /// bytes, which 100 CJK characters (300 bytes) passed, and the sandbox may add `-N` before
    /// `.json`.
    static func name(for document: Document) -> String {
        var safe = ""
        for character in document.title {
            let isControl = character.unicodeScalars.contains { $0.properties.generalCategory == .control }
            let kept: Character = character == "/" || character.isNewline || isControl ? "-" : character
            guard safe.count < 100, safe.utf8.count + kept.utf8.count <= 200 else { break }
            safe.append(kept)
        }
        safe = safe.trimmingCharacters(in: .whitespaces)
        let base = safe.allSatisfy { $0 == "." } ? "document-\(document.id.rawValue)" : safe
        return base + ".json"
    }
}
