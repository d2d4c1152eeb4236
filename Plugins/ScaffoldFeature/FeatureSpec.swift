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
        /// A number that may be missing: `""` clears it.
        case optionalDouble = "Double?"
        /// An exact decimal number (money): kept as text on the device, a JSON number on the wire.
        case decimal = "Decimal"
        /// An exact decimal number that may be missing: `""` clears it.
        case optionalDecimal = "Decimal?"
        case bool = "Bool"
        /// A yes or no that may be unanswered: `""` clears it.
        case optionalBool = "Bool?"
        case date = "Date"
        /// A day or moment that may be missing (a trip not booked back yet): `""` clears it.
        case optionalDate = "Date?"
        case strings = "[String]"
        /// One of a list of named values (`enum(food,travel,other)`): a Domain enum, its raw value
        /// as text on the device and on the wire.
        case enumeration = "enum(a,b,…)"
        /// One of a list of named values, or none (`enum(low,high)?`): `""` clears it.
        case optionalEnumeration = "enum(a,b,…)?"
    }

    /// One field.
    struct Field {
        let name: String
        let type: FieldType
        /// The values a whole-number field takes (`--range nights:0...30`), checked by the Domain's
        /// rules and the server's collection alike.
        var range: ClosedRange<Int>?
        /// The values a number field takes (`--range price:0...999.99`), likewise: exact, as typed,
        /// for a `Decimal` field's rule, the server's and the contract.
        var numberBounds: ClosedRange<Decimal>?
        /// An enum field's values, in order (`food`, `travel`, `other`); empty for other types.
        var values: [String]
        /// An enum field's Swift type (`ExpenseCategory`); nil for other types.
        var enumName: String?

        /// A field as `--field` names it, before `--range` bounds it and its feature names its
        /// enum type.
        init(name: String, type: FieldType, values: [String]) {
            (self.name, self.type, self.values) = (name, type, values)
        }
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
    /// `Recipes`, `Categories`, `Boxes`: the name's English plural, for folders, types and groups.
    var plural: String { Self.plural(of: name) }
    /// `recipes`, `categories`: the plural of `lower`.
    var lowerPlural: String { Self.plural(of: lower) }
    /// `a` or `an`, the article before `lower` in prose (`an expense`), by the sound the name
    /// usually starts with.
    var article: String {
        let word = name.lowercased()
        let soundsLikeYou = ["uni", "use", "usa", "usu", "uti", "eu", "one"].contains { word.hasPrefix($0) }
        return "aeiou".contains(word.prefix(1)) && !soundsLikeYou ? "an" : "a"
    }
    /// `A` or `An`, for the start of a sentence.
    var capitalArticle: String { article == "an" ? "An" : "A" }
    /// `recipes`: the server's collection.
    var collection: String { plural.lowercased() }

    /// The English plural of a camel-case name, by its last word: `Entry` → `Entries`, `Box` →
    /// `Boxes`, `Day` → `Days`, `Recipe` → `Recipes`.
    static func plural(of word: String) -> String {
        let consonantThenY = word.hasSuffix("y") && !"aeiou".contains(word.dropLast().suffix(1).lowercased())
        if consonantThenY { return String(word.dropLast()) + "ies" }
        let hissing = ["s", "x", "z", "ch", "sh"].contains { word.hasSuffix($0) }
        return word + (hissing ? "es" : "s")
    }
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
        for text in ranges { try applyRange(text, to: &fields) }
        fields = fields.map { field in
            var field = field
            if field.isEnumeration { field.enumName = name + field.name.prefix(1).uppercased() + field.name.dropFirst() }
            return field
        }
        let searched = try searchable.map { name throws(ScaffoldError) -> Field in
            guard let field = fields.first(where: { $0.name == name }),
                [.string, .optionalString, .strings].contains(field.type)
            else {
                throw ScaffoldError(
                    "--searchable \(name): name a text field (String, String? or [String]) of the feature")
            }
            // FTS5 keeps these column names for itself, quoted or not.
            guard !["rank", "rowid"].contains(field.snakeName) else {
                throw ScaffoldError("--searchable \(name): the search index cannot hold a column named \(name)")
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
        // The contract names its schemas by the feature, bare: a YAML 1.1 parser reads these as
        // booleans or null.
        guard !["Yes", "No", "On", "Off", "True", "False", "Null", "Y", "N"].contains(name) else {
            throw ScaffoldError("'\(name)' would name the contract's schema with a word YAML 1.1 reads as a boolean or null; pick another name")
        }
        guard !toolchainTypes.contains(name) else {
            throw ScaffoldError(
                "'\(name)' is a type of Swift, Foundation or a package the template uses: a file that imports both would not build; pick another name, such as App\(name)"
            )
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
            throw ScaffoldError(
                "'\(name)' cannot be a field name (a Swift keyword, or a name every item has on the wire or in the shell's JSON)")
        }
        guard !generatedMembers.contains(name) else {
            throw ScaffoldError("'\(name)' cannot be a field name (the generated code declares '\(name)' for the item itself)")
        }
        guard !existing.contains(where: { $0.name == name }) else {
            throw ScaffoldError("field '\(name)' is given twice")
        }
        if typeName.hasPrefix("enum("), typeName.hasSuffix(")?") {
            let values = try values(String(typeName.dropLast()))
            // `.none` of an optional enum is Swift's empty optional: the value could not be written.
            guard !values.contains("none") else {
                throw ScaffoldError(
                    "'\(typeName)': 'none' reads as no value in an optional enum; name it otherwise (unset) or make the field required")
            }
            return Field(name: name, type: .optionalEnumeration, values: values)
        }
        if typeName.hasPrefix("enum(") { return Field(name: name, type: .enumeration, values: try values(typeName)) }
        guard let type = FieldType(rawValue: typeName), type != .enumeration, type != .optionalEnumeration else {
            let known = FieldType.allCases.map(\.rawValue).joined(separator: ", ")
            throw ScaffoldError("unknown field type '\(typeName)': use one of \(known)")
        }
        return Field(name: name, type: type, values: [])
    }

    /// The values of `enum(food,travel,other)`: lowerCamelCase names, not keywords, each once, at
    /// least two.
    private static func values(_ typeName: String) throws(ScaffoldError) -> [String] {
        guard typeName.hasSuffix(")") else { throw ScaffoldError("'\(typeName)' is not enum(value,value,…)") }
        let values = typeName.dropFirst("enum(".count).dropLast().split(separator: ",", omittingEmptySubsequences: false)
            .map(String.init)
        guard values.count >= 2, Set(values).count == values.count,
            values.allSatisfy({ value in
                value.unicodeScalars.first.map(CharacterSet.lowercaseLetters.contains) == true
                    && value.unicodeScalars.allSatisfy { $0.isASCII && CharacterSet.alphanumerics.contains($0) }
                    && !swiftKeywords.contains(value)
            })
        else {
            throw ScaffoldError(
                "'\(typeName)': an enum takes two or more distinct lowerCamelCase values, such as enum(food,travel)")
        }
        return values
    }

    /// Bounds a whole-number or number field as `--range FIELD:LOW...HIGH` says, once per field.
    private static func applyRange(_ text: String, to fields: inout [Field]) throws(ScaffoldError) {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        let index = parts.count == 2 ? fields.firstIndex(where: { $0.name == parts[0] }) : nil
        let words = parts.count == 2 ? parts[1].components(separatedBy: "...") : []
        guard let index, words.count == 2, fields[index].range == nil, fields[index].numberBounds == nil else {
            throw ScaffoldError("--range \(text): give a number field of the feature as FIELD:LOW...HIGH, once")
        }
        switch fields[index].type {
        case .int, .optionalInt:
            // Two values at least, and not every `Int`: a test needs one inside and one outside.
            guard let low = Int(words[0]), let high = Int(words[1]), low < high, low != Int.min || high != Int.max else {
                throw ScaffoldError(
                    "--range \(text): a whole-number field takes whole bounds, LOW...HIGH with LOW below HIGH")
            }
            fields[index].range = low...high
        case .double, .decimal, .optionalDouble, .optionalDecimal:
            guard let low = Self.decimal(words[0]), let high = Self.decimal(words[1]), low < high else {
                throw ScaffoldError(
                    "--range \(text): a number field takes number bounds, LOW...HIGH with LOW below HIGH, each written "
                        + "as digits with an optional point, at most 18 significant digits and 18 places (0.00001, not 1e-05)")
            }
            fields[index].numberBounds = low...high
        default:
            throw ScaffoldError("--range \(text): give a number field of the feature as FIELD:LOW...HIGH, once")
        }
    }

    /// A number bound as typed: digits, an optional point and more digits, at most 18 significant
    /// digits and 18 places, so that Swift source writes it exactly (a quotient of `Int` literals)
    /// and the contract as a YAML number (`1e-05` without a point is text to a YAML 1.1 parser).
    private static func decimal(_ word: String) -> Decimal? {
        guard word.wholeMatch(of: #/-?[0-9]+(\.[0-9]+)?/#) != nil,
            let value = Decimal(string: word, locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        let significant = word.filter(\.isNumber).drop { $0 == "0" }
        let places = word.split(separator: ".").dropFirst().first?.count ?? 0
        return significant.count <= 18 && places <= 18 ? value : nil
    }

    /// Names the template's own types and modules use.
    static let reservedNames: Set<String> = [
        "Document", "User", "Domain", "Data", "Presentation", "Platform", "Scene", "Sync", "Cache", "Server",
        "App", "Shell", "Editor", "Background", "Item", "Feature", "Outbox", "Error", "Result", "String", "Int",
        "Date", "Bool", "Double", "Array", "Set", "Dictionary", "Optional", "Task", "Any", "Type", "Self",
    ]

    /// Types that modules the generated files import declare (the standard library, Foundation,
    /// GRDB, swift-log, Swift Testing, ArgumentParser, Observation, Synchronization): a feature's
    /// type of the same name is ambiguous wherever both are imported. The names a team is likely
    /// to give a feature, not every type those modules have.
    static let toolchainTypes: Set<String> = [
        // The standard library, Synchronization and Observation.
        "Character", "Substring", "Float", "Range", "Duration", "Clock", "Never", "Void", "Mirror", "Unicode",
        "Hasher", "Encoder", "Decoder", "Sequence", "Collection", "Identifiable", "Slice", "Span", "Atomic", "Mutex",
        "Observable", "Observations",
        // Foundation.
        "Decimal", "Notification", "Locale", "Calendar", "TimeZone", "Measurement", "Unit", "URL", "UUID", "Timer",
        "Thread", "Operation", "Process", "Bundle", "Host", "Port", "Stream", "Progress", "Scanner", "Formatter",
        "Expression", "Predicate", "FileManager", "FileHandle", "Pipe", "IndexPath", "IndexSet", "CharacterSet",
        "DateComponents", "DateInterval", "AttributedString", "URLRequest", "URLSession",
        // GRDB, swift-log, Swift Testing and ArgumentParser.
        "Row", "Column", "Table", "Configuration", "Database", "Statement", "Record", "Cursor", "SQL",
        "Logger", "Tag", "Issue", "Test", "Trait", "Comment", "Bug", "Confirmation", "SourceLocation",
        "Flag", "Option", "Argument",
    ]

    /// Fields every feature has already, the member a change list puts beside an item's fields
    /// (its `etag`), and the members the shell's JSON puts there to say where it was read from.
    static let reservedFields: Set<String> = [
        "id", "version", "updatedAt", "createdAt", "syncState", "etag", "origin", "freshness", "ageSeconds",
    ]

    /// Members the generated types declare to meet the engine's and the shell's protocols
    /// (`CacheableRecord.object()`, `FieldRendering.fieldValues`, its `noun`).
    static let generatedMembers: Set<String> = ["object", "fieldValues", "noun"]

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
