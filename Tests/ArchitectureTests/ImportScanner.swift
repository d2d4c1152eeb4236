import Foundation

/// Finds `import` lines in Swift source and checks them against a layer's allow-list.
struct ImportScanner {
    /// One import that a layer may not have.
    struct Violation: Equatable, CustomStringConvertible {
        let file: String
        let line: Int
        let module: String

        var description: String { "\(file):\(line): imports \(module), which this layer may not import" }
    }

    /// The modules a layer may import.
    let allowed: Set<String>

    /// The forbidden imports in one file's text.
    func violations(in text: String, file: String) -> [Violation] {
        var found: [Violation] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let module = Self.importedModule(String(line)), !allowed.contains(module) else { continue }
            found.append(Violation(file: file, line: index + 1, module: module))
        }
        return found
    }

    /// The forbidden imports in every Swift file under `directory`.
    func violations(under directory: URL) throws -> [Violation] {
        let files = try FileManager.default.subpathsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        return try files.flatMap { relative in
            let url = directory.appendingPathComponent(relative)
            return violations(in: try String(contentsOf: url, encoding: .utf8), file: url.path)
        }
    }

    /// The module an `import` line names (attributes, access levels and kinds allowed), if it is one.
    static func importedModule(_ line: String) -> String? {
        var words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        while let first = words.first, first.hasPrefix("@") || Self.modifiers.contains(first) {
            words.removeFirst()
        }
        guard words.first == "import", words.count >= 2 else { return nil }
        let target = Self.kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
        return target.split(separator: ".").first.map(String.init)
    }

    private static let modifiers: Set<String> = ["public", "package", "internal", "fileprivate", "private"]
    private static let kinds: Set<String> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
}
