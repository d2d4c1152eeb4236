import Foundation

/// An item as `docs export` and a feature's `export` write it: one JSON object in the format
/// their `import` reads, so the file can be handed back with `inbox add` and `import`.
enum ExportFile {
    /// The answer to an export.
    struct JSON: Encodable {
        let exported: String
    }

    /// The file's bytes: `record` as one JSON object (keys sorted) on one line.
    static func contents(_ record: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(record)) ?? Data("{}".utf8)) + Data("\n".utf8)
    }

    /// A file name from `title`: characters a file name cannot hold (or should not: control
    /// characters) become `-`; an empty or dot-only title gives `fallback`.
    ///
    /// The name keeps at most 100 characters and 200 UTF-8 bytes: a file system's name holds 255
    /// bytes, which 100 CJK characters (300 bytes) passed, and the sandbox may add `-N` before
    /// `.json`.
    static func name(from title: String, fallback: String) -> String {
        var safe = ""
        for character in title {
            let isControl = character.unicodeScalars.contains { $0.properties.generalCategory == .control }
            let kept: Character = character == "/" || character.isNewline || isControl ? "-" : character
            guard safe.count < 100, safe.utf8.count + kept.utf8.count <= 200 else { break }
            safe.append(kept)
        }
        safe = safe.trimmingCharacters(in: .whitespaces)
        let base = safe.allSatisfy { $0 == "." } ? fallback : safe
        return base + ".json"
    }
}
