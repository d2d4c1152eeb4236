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
    /// characters) become `-`, and leading dots go, since they would hide the file; a title with
    /// nothing left gives `fallback`.
    ///
    /// Read by Unicode scalars, as the file system reads the name: a mark after `/` or `.` joins
    /// it into one character, and `a/́b` named a folder that was not there.
    ///
    /// The name keeps at most 100 characters and 200 UTF-8 bytes: a file system's name holds 255
    /// bytes, which 100 CJK characters (300 bytes) passed, and the sandbox may add `-N` before
    /// `.json`.
    static func name(from title: String, fallback: String) -> String {
        var safe = ""
        for character in title {
            let unfit = character.unicodeScalars.contains { $0 == "/" || $0.properties.generalCategory == .control }
            let kept: Character = unfit || character.isNewline ? "-" : character
            guard safe.count < 100, safe.utf8.count + kept.utf8.count <= 200 else { break }
            safe.append(kept)
        }
        var shown = Substring(safe.trimmingCharacters(in: .whitespaces))
        while shown.unicodeScalars.first == "." { shown.unicodeScalars.removeFirst() }
        let name = shown.trimmingCharacters(in: .whitespaces)
        return (name.isEmpty ? fallback : name) + ".json"
    }
}
