import Foundation

/// What `scaffold-feature` was asked for: a feature's name and its fields, validated.
struct FeatureSpec {
    /// A field's type, as written on the command line.
    enum FieldType: String, CaseIterable {
        case string = "String"
        case optionalString = "String?"
        case int = "Int"
        case optionalInt = "Int?"
        case double = "Double"
        /// An exact decimal number (money): kept as text on the device, a JSON number on the wire.
        case decimal = "Decimal"
        case bool = "Bool"
        case date = "Date"
        case strings = "[String]"
    }

    /// One field.
    struct Field {
        let name: String
        let type: FieldType
        /// The values a whole-number field takes (`--range nights:0...30`), checked by the Domain's
        /// rules and the server's collection alike.
        let range: ClosedRange<Int>?
    }

    /// `Recipe`.
    let name: String
    let fields: [Field]
    /// The conflict policy the resource declares (`--conflicts`, `manual` when not given): the
    /// raw value of one of Domain's `ConflictPolicy` cases.
    let conflicts: String
    /// The text fields the local search covers (`--searchable`, repeated); none: no `search`.
    let searchable: [Field]

    /// Whether the feature has a local search.
    var isSearchable: Bool { !searchable.isEmpty }

    /// The policies `--conflicts` takes.
    static let conflictPolicies = ["manual", "serverWins", "clientWins", "lastWriterWins"]

    /// `recipe`: the command word, the table and the folder of docs examples.
    var lower: String { name.prefix(1).lowercased() + name.dropFirst() }
    /// `recipes`: the server's collection.
    var collection: String { name.lowercased() + "s" }
    /// `recipe`: the SQL table.
    var table: String { name.lowercased() }

    /// Reads `Name --field name:Type …`; throws a one-line reason for anything else.
    static func parse(_ arguments: [String]) throws(ScaffoldError) -> FeatureSpec {
        var rest = arguments[...]
        guard let name = rest.popFirst(), !name.hasPrefix("-") else {
            throw ScaffoldError("usage: scaffold-feature NAME --field name:Type [--field …] (or --remove NAME)")
        }
        try validateName(name)
        var fields: [Field] = []
        var conflicts: String?
        var searchable: [String] = []
        var ranges: [String] = []
        while let flag = rest.popFirst() {
            if flag == "--range" {
                guard let text = rest.popFirst() else { throw ScaffoldError("--range takes FIELD:LOW...HIGH") }
                ranges.append(text)
                continue
            }
            if flag == "--searchable" {
                guard let field = rest.popFirst(), !searchable.contains(field) else {
                    throw ScaffoldError("--searchable takes a field name, once each")
                }
                searchable.append(field)
                continue
            }
            if flag == "--conflicts" {
                guard conflicts == nil, let policy = rest.popFirst(), conflictPolicies.contains(policy) else {
                    throw ScaffoldError("--conflicts takes one of \(conflictPolicies.joined(separator: ", ")), once")
                }
                conflicts = policy
                continue
            }
            guard flag == "--field", let text = rest.popFirst() else {
                throw ScaffoldError("unexpected argument '\(flag)': fields are given as --field name:Type")
            }
            fields.append(try field(text, existing: fields))
        }
        guard !fields.isEmpty else { throw ScaffoldError("a feature needs at least one --field name:Type") }
        for text in ranges {
            let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
            let bounds = parts.count == 2 ? parts[1].components(separatedBy: "...").compactMap { Int($0) } : []
            guard parts.count == 2, bounds.count == 2, bounds[0] <= bounds[1],
                let index = fields.firstIndex(where: { $0.name == parts[0] }),
                [.int, .optionalInt].contains(fields[index].type), fields[index].range == nil
            else {
                throw ScaffoldError(
                    "--range \(text): give a whole-number field of the feature as FIELD:LOW...HIGH, once")
            }
            fields[index] = Field(name: fields[index].name, type: fields[index].type, range: bounds[0]...bounds[1])
        }
        let searched = try searchable.map { name throws(ScaffoldError) -> Field in
            guard let field = fields.first(where: { $0.name == name }),
                [.string, .optionalString, .strings].contains(field.type)
            else {
                throw ScaffoldError(
                    "--searchable \(name): name a text field (String, String? or [String]) of the feature")
            }
            return field
        }
        return FeatureSpec(name: name, fields: fields, conflicts: conflicts ?? "manual", searchable: searched)
    }

    /// Refuses a name that is not an upper-camel-case Swift identifier, is a keyword, or names
    /// something the template already has.
    static func validateName(_ name: String) throws(ScaffoldError) {
        guard let first = name.unicodeScalars.first, CharacterSet.uppercaseLetters.contains(first),
            name.unicodeScalars.allSatisfy({ $0.isASCII && CharacterSet.alphanumerics.contains($0) })
        else {
            throw ScaffoldError(
                "'\(name)' is not a feature name: use UpperCamelCase letters and digits, such as Recipe")
        }
        guard !reservedNames.contains(name) else {
            throw ScaffoldError("'\(name)' is already a type of the template; pick another name")
        }
    }

    private static func field(_ text: String, existing: [Field]) throws(ScaffoldError) -> Field {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw ScaffoldError("'\(text)' is not name:Type") }
        let (name, typeName) = (parts[0], parts[1])
        guard let first = name.unicodeScalars.first, CharacterSet.lowercaseLetters.contains(first),
            name.unicodeScalars.allSatisfy({ $0.isASCII && CharacterSet.alphanumerics.contains($0) })
        else {
            throw ScaffoldError("'\(name)' is not a field name: use lowerCamelCase letters and digits")
        }
        guard !swiftKeywords.contains(name), !reservedFields.contains(name) else {
            throw ScaffoldError("'\(name)' cannot be a field name (a Swift keyword or a field every feature has)")
        }
        guard !existing.contains(where: { $0.name == name }) else {
            throw ScaffoldError("field '\(name)' is given twice")
        }
        guard let type = FieldType(rawValue: typeName) else {
            let known = FieldType.allCases.map(\.rawValue).joined(separator: ", ")
            throw ScaffoldError("unknown field type '\(typeName)': use one of \(known)")
        }
        return Field(name: name, type: type, range: nil)
    }

    /// Names the template's own types and modules use.
    static let reservedNames: Set<String> = [
        "Document", "User", "Domain", "Data", "Presentation", "Platform", "Scene", "Sync", "Cache", "Server",
        "App", "Shell", "Editor", "Background", "Item", "Feature", "Outbox", "Error", "Result", "String", "Int",
        "Date", "Bool", "Double", "Array", "Set", "Dictionary", "Optional", "Task", "Any", "Type", "Self",
    ]

    /// Fields every feature has already.
    static let reservedFields: Set<String> = ["id", "version", "updatedAt", "createdAt"]

    /// Swift's keywords (none may name a field).
    static let swiftKeywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "as", "false", "is", "nil", "self", "super", "throws", "true", "try", "await", "async",
        "some", "any", "actor", "nonisolated", "isolated", "consuming", "borrowing", "package",
    ]
}

/// Why the generator stopped; nothing was written.
struct ScaffoldError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
