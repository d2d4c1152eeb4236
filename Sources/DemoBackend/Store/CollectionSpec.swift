public import Foundation

/// A collection of versioned JSON resources the server keeps: its fields, their rules, and what
/// lists and searches use.
///
/// Registering one is all a new feature's resource needs on the server.
public struct CollectionSpec: Sendable {
    /// One field of a resource.
    public struct Field: Sendable {
        /// What a field holds and what it accepts.
        public enum Kind: Sendable, Equatable {
            /// Text of at most `maxLength` characters (`maxBytes` UTF-8 bytes when set); `nonEmpty`
            /// refuses white space only.
            case string(maxLength: Int? = nil, maxBytes: Int? = nil, nonEmpty: Bool = false)
            /// A list of at most `maxCount` different words of 1 to `maxLength` characters without
            /// white space.
            case words(maxCount: Int, maxLength: Int)
            /// A whole number that fits in 64 bits (an `Int` on the device).
            case integer
            /// A number.
            case number
            /// `true` or `false`.
            case boolean
            /// An ISO 8601 date.
            case date
            /// A list of strings.
            case strings
            /// A whole number within `range` (a rule such as "0 to 3").
            case integerIn(ClosedRange<Int>)
            /// A number within `range`, compared exactly.
            case numberIn(ClosedRange<Decimal>)
            /// One of `values`, as text (a Domain enum's raw values).
            case oneOf([String])
        }

        /// The field's JSON name.
        public let name: String
        /// What it holds.
        public let kind: Kind
        /// Whether a new resource must have it.
        public let required: Bool
        /// Whether it may be `null`.
        public let optional: Bool
        /// Its value when a new resource leaves it out.
        public let defaultValue: String?
        /// Whether lists show it.
        public let inSummary: Bool
        /// Whether `q` searches it.
        public let searchable: Bool

        /// Describes a field.
        public init(
            _ name: String, _ kind: Kind, required: Bool = false, optional: Bool = false, defaultValue: String? = nil,
            inSummary: Bool = false, searchable: Bool = false
        ) {
            self.name = name
            self.kind = kind
            self.required = required
            self.optional = optional
            self.defaultValue = defaultValue
            self.inSummary = inSummary
            self.searchable = searchable
        }
    }

    /// The collection's path segment, such as `documents`.
    public let name: String
    /// The letter that starts the collection's readable entity tags (`d1-v2`).
    public let tagPrefix: String
    /// The fields, in order.
    public let fields: [Field]
    /// Whether clients may create, change and delete resources.
    public let writable: Bool
    /// How long a resource stays fresh in a client's cache (`Cache-Control: max-age`), in seconds.
    public let maxAge: Int

    /// Describes a collection.
    public init(name: String, tagPrefix: String, fields: [Field], writable: Bool = true, maxAge: Int = 60) {
        self.name = name
        self.tagPrefix = tagPrefix
        self.fields = fields
        self.writable = writable
        self.maxAge = maxAge
    }
}

extension CollectionSpec {
    /// The members of a new resource: `input` checked against every field, defaults filled in; or
    /// the reason it is refused.
    func validatedNew(_ input: [String: JSONValue]) -> Result<[String: JSONValue], ValidationFailure> {
        if let unknown = unknownField(in: input) { return .failure(unknown) }
        var members: [String: JSONValue] = [:]
        for field in fields {
            if let value = input[field.name] {
                if let problem = field.check(value) { return .failure(problem) }
                members[field.name] = value
            } else if field.required {
                return .failure(ValidationFailure("\(field.name) is required"))
            } else if let defaultValue = field.defaultValue {
                members[field.name] =
                    JSONValue.parse(Data(defaultValue.utf8)) ?? .null
            } else {
                members[field.name] = .null
            }
        }
        return .success(members)
    }

    /// `current` with the members `changes` carries, each checked; or the reason it is refused.
    func validatedChange(
        _ changes: [String: JSONValue], of current: [String: JSONValue]
    ) -> Result<[String: JSONValue], ValidationFailure> {
        if let unknown = unknownField(in: changes) { return .failure(unknown) }
        var members = current
        for field in fields {
            guard let value = changes[field.name] else { continue }
            if case .null = value, field.required { return .failure(ValidationFailure("\(field.name) is required")) }
            if let problem = field.check(value) { return .failure(problem) }
            members[field.name] = value
        }
        return .success(members)
    }

    /// The text `q` is matched against: the searchable fields, case and accents folded.
    func searchText(_ members: [String: JSONValue]) -> String {
        fields.filter(\.searchable).compactMap { field -> String? in
            switch members[field.name] {
            case .string(let text): text
            case .array(let items): items.compactMap(\.string).joined(separator: " ")
            default: nil
            }
        }.joined(separator: "\n").folded
    }

    private func unknownField(in input: [String: JSONValue]) -> ValidationFailure? {
        let known = Set(fields.map(\.name))
        return input.keys.sorted().first { !known.contains($0) }.map { ValidationFailure("unknown field \($0)") }
    }
}

/// Why the server refuses a resource's content (422).
struct ValidationFailure: Error, Equatable {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}

extension CollectionSpec.Field {
    /// Why `value` does not fit the field, if it does not.
    fileprivate func check(_ value: JSONValue) -> ValidationFailure? {
        if case .null = value { return optional ? nil : ValidationFailure("\(name) may not be null") }
        // A device keeps its texts in SQLite, whose C interface ends a text at U+0000: one holding
        // it would be kept whole here and cut short there.
        if (value.string.map { [$0] } ?? value.strings ?? []).contains(where: { $0.utf8.contains(0) }) {
            return ValidationFailure("\(name) must not contain U+0000")
        }
        switch (kind, value) {
        case (.string(let maxLength, let maxBytes, let nonEmpty), .string(let text)):
            if nonEmpty && text.unicodeScalars.allSatisfy(\.isSpace) {
                return ValidationFailure("\(name) is required")
            }
            if let maxLength, text.unicodeScalars.count > maxLength {
                return ValidationFailure("\(name) is longer than \(maxLength)")
            }
            if let maxBytes, text.utf8.count > maxBytes {
                return ValidationFailure("\(name) is larger than \(maxBytes) bytes")
            }
            return nil
        case (.words(let maxCount, let maxLength), .array):
            guard let words = value.strings else { return ValidationFailure("\(name) must be a list of words") }
            if words.count > maxCount { return ValidationFailure("\(name) has more than \(maxCount) items") }
            let bad = words.first { word in
                word.isEmpty || word.unicodeScalars.count > maxLength || word.unicodeScalars.contains(where: \.isSpace)
            }
            if let bad { return ValidationFailure("\(name) has an invalid item '\(bad)'") }
            // Compared by Unicode scalars, as JSON Schema's `uniqueItems` compares.
            var seen: Set<[Unicode.Scalar]> = []
            let repeated = words.first { !seen.insert(Array($0.unicodeScalars)).inserted }
            return repeated.map { ValidationFailure("\(name) has the item '\($0)' twice") }
        case (.strings, .array):
            return value.strings == nil ? ValidationFailure("\(name) must be a list of strings") : nil
        case (.integer, .number):
            return value.integer == nil ? ValidationFailure("\(name) must be a whole number that fits in 64 bits") : nil
        case (.number, .number), (.boolean, .bool): return nil
        case (.integerIn(let range), .number):
            guard let number = value.integer, range.contains(number) else {
                return ValidationFailure(
                    "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return nil
        case (.numberIn(let range), .number):
            guard value.isWithin(range) else {
                return ValidationFailure("\(name) must be from \(range.lowerBound) to \(range.upperBound)")
            }
            return nil
        case (.oneOf(let values), .string(let text)):
            return values.contains(text)
                ? nil : ValidationFailure("\(name) must be one of \(values.joined(separator: ", "))")
        case (.date, .string(let text)):
            return Self.isDate(text) ? nil : ValidationFailure("\(name) must be a date")
        default:
            return ValidationFailure("\(name) has the wrong type")
        }
    }
}

extension CollectionSpec.Field {
    /// Whether `text` is an RFC 3339 time, with or without fractions of a second, on a day and at
    /// a time the calendar has: Foundation reads 2026-02-30 as March 2nd, and a device would show
    /// what the server never held.
    ///
    /// Foundation's format style reads the date and time, in UTC, and must write them back as
    /// they were written; the zone after them (`Z` or `±HH:MM`, any offset RFC 3339 allows) and
    /// the fractions are checked here, since the style reads only offsets to 18 hours and ignores
    /// what follows the time. An `ISO8601DateFormatter` made per value, as before, cost a push
    /// of dated items most of its time.
    fileprivate static func isDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20 else { return false }
        var zone = bytes[19...]
        if zone.first == UInt8(ascii: ".") {
            let digits = zone.dropFirst().prefix(while: isDigit)
            guard !digits.isEmpty else { return false }
            zone = zone.dropFirst(1 + digits.count)
        }
        if !zone.elementsEqual("Z".utf8) {
            let offset = Array(zone)
            guard offset.count == 6, offset[0] == UInt8(ascii: "+") || offset[0] == UInt8(ascii: "-"),
                offset[3] == UInt8(ascii: ":"), [1, 2, 4, 5].allSatisfy({ isDigit(offset[$0]) }),
                offset[1] < UInt8(ascii: "2") || offset[1] == UInt8(ascii: "2") && offset[2] < UInt8(ascii: "4"),
                offset[4] < UInt8(ascii: "6")
            else { return false }
        }
        // Year 0000 is refused, as the formatter refused it: no device has been asked to read one.
        let local = String(text.prefix(19))
        guard !local.hasPrefix("0000"), let date = try? Date(local + "Z", strategy: wholeSeconds) else { return false }
        return date.formatted(wholeSeconds).prefix(19) == local
    }

    private static let wholeSeconds = Date.ISO8601FormatStyle()

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}

extension Unicode.Scalar {
    /// White space: the Unicode White_Space set, which Docs/openapi.yaml spells out in its patterns
    /// (`\s` reads differently in different regular expression engines).
    ///
    /// Lengths count code points, as JSON Schema does.
    fileprivate var isSpace: Bool { properties.isWhitespace }
}

extension String {
    /// The text with case and accents folded, as searches compare it.
    var folded: String {
        // ASCII has no accents, and its case folds as lowercasing does: the common case skips
        // Foundation's general folding, which costs more than the rest of a small write.
        utf8.allSatisfy { $0 < 0x80 }
            ? lowercased() : folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
