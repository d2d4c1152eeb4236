import Foundation
import Testing

/// No initializer of a type that carries an entity's fields has a defaulted parameter: a field
/// added later with a default compiles at every construction site that forgets it, and the value
/// is silently dropped there (issue 33 found three such sites).
@Suite("No defaulted fields")
struct DefaultedFieldTests {
    /// Initializers whose defaulted parameters are settings, dependencies or metadata, not an
    /// entity's fields; file name and the parameter that has the default.
    static let settings: Set<String> = [
        "DocumentPage.swift after",
        "Attachment.swift uploaded", "Attachment.swift refused", "Attachment.swift stillQueued",
        "Provenance.swift freshness", "Provenance.swift ageSeconds",
        "Fetched.swift freshness", "Fetched.swift ageSeconds",
        "DocumentImportViewModel.swift chunkSize", "DocumentPagesViewModel.swift pageSize",
        "DocumentSearchViewModel.swift debounce", "DocumentSearchViewModel.swift policy", "SceneSync.swift interval",
        "SyncEngine.swift now", "DocumentRepositoryImpl.swift pages",
    ]

    @Test(arguments: ["Sources/Domain", "Sources/Presentation", "Sources/Data/Sync", "Sources/Data/Documents"])
    func initializersTakeEveryFieldExplicitly(folder: String) throws {
        var found: [String] = []
        for file in try RepositoryRulesTests.files(under: folder, extensions: ["swift"]) {
            let text = try RepositoryRulesTests.text(file)
            let name = URL(fileURLWithPath: file).lastPathComponent
            for parameter in Self.defaultedInitParameters(in: text)
            where !Self.settings.contains("\(name) \(parameter)") {
                found.append("\(file): init parameter '\(parameter)' has a default")
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test func theScannerFindsADefaultedParameterOverSeveralLines() {
        let source = """
            public init(
                title: String, body: String = "",
                tags: [String]
            ) {}
            func other(limit: Int = 3) {}
            init(from old: Draft, to new: Draft) {
                self.init(title: new.title == old.title ? nil : new.title, body: nil, tags: nil)
            }
            """
        #expect(Self.defaultedInitParameters(in: source) == ["body"])
    }

    /// The names of the parameters with a default value in the `init` declarations of `source`
    /// (a call such as `self.init(…)` is not a declaration, and `==` is not a default).
    static func defaultedInitParameters(in source: String) -> [String] {
        var names: [String] = []
        var rest = Substring(source)
        while let start = rest.range(of: #"(?<![.\w])init[?!]?\("#, options: .regularExpression) {
            var depth = 1
            var index = start.upperBound
            while index < rest.endIndex, depth > 0 {
                if rest[index] == "(" { depth += 1 }
                if rest[index] == ")" { depth -= 1 }
                index = rest.index(after: index)
            }
            let parameters = rest[start.upperBound..<rest.index(before: index)]
            for parameter in Self.topLevel(parameters)
            where parameter.contains(/[^=!<>]=[^=]/) {
                let labels = parameter.split(separator: ":").first?.split(separator: " ") ?? []
                if let name = labels.last { names.append(String(name)) }
            }
            rest = rest[index...]
        }
        return names
    }

    /// `text` split at the commas outside brackets and parentheses.
    private static func topLevel(_ text: Substring) -> [Substring] {
        var parts: [Substring] = []
        var depth = 0
        var start = text.startIndex
        for index in text.indices {
            switch text[index] {
            case "(", "[", "<": depth += 1
            case ")", "]", ">": depth -= 1
            case "," where depth == 0:
                parts.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
        }
        parts.append(text[start...])
        return parts.map { Substring($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}
