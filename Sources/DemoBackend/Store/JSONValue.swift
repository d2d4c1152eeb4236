import Foundation

/// A JSON value, as the server stores and checks resources without knowing their Swift types.
enum JSONValue: Codable, Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number, as the shortest text that holds it exactly (see ``init(from:)``).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Reads any JSON value with Foundation's decoder.
    ///
    /// The decoder cannot say which kind comes next, so each kind is tried in turn (a wrong try
    /// costs a thrown error): the order is the one a resource's members are made of, mostly text,
    /// then lists of tags, numbers, rarely objects or booleans. Where an object is all but sure
    /// (a whole body, a batch's change) it is read as one first.
    ///
    /// A number is read as a `Decimal`, which keeps up to 38 significant digits exactly: an
    /// amount of money or a 64-bit integer comes back as it was sent, where a `Double` would round
    /// past 15 or 16 digits. Only a number beyond `Decimal`'s range (such as `1e300`) is read as a
    /// `Double`. RFC 8259 leaves a number's precision to each implementation.
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode(Decimal.self) {
            self = .number(value.description)
        } else if let value = try? container.decode(Double.self) {
            self = .number(String(value))
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else {
            self = .bool(try container.decode(Bool.self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let text):
            if let exact = Decimal(string: text), exact.description == text {
                try container.encode(exact)
            } else {
                try container.encode(Double(text) ?? .nan)  // a Double's text (see init(from:))
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Reads a JSON text whole: nil when it is not one JSON value (Foundation's decoder reads it).
    ///
    /// Bodies and stored representations are objects, so an object is tried first.
    static func parse(_ data: Data) -> JSONValue? {
        if let object = try? ServerJSON.decoder.decode([String: JSONValue].self, from: data) { return .object(object) }
        return try? ServerJSON.decoder.decode(JSONValue.self, from: data)
    }

    /// A whole number, as `Int`.
    static func integer(_ value: Int) -> JSONValue { .number(String(value)) }

    /// The number, if it is a whole one that fits in an `Int`.
    var integer: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }

    /// The number, if it is one within `Decimal`'s range.
    var decimal: Decimal? {
        guard case .number(let text) = self, let value = Decimal(string: text), !value.isNaN else { return nil }
        return value
    }

    /// Whether it is a number within `range`: compared exactly, or as a `Double` when it is beyond
    /// `Decimal`'s range (such as `1e-200`, which a range from 0 holds).
    func isWithin(_ range: ClosedRange<Decimal>) -> Bool {
        if let decimal { return range.contains(decimal) }
        guard case .number(let text) = self, let number = Double(text),
            let low = Double(range.lowerBound.description), let high = Double(range.upperBound.description)
        else { return false }
        return low <= number && number <= high
    }

    /// The object's members, if it is one.
    var object: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The text, if it is a string.
    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The strings, if it is an array of strings only.
    var strings: [String]? {
        guard case .array(let items) = self else { return nil }
        let texts = items.compactMap(\.string)
        return texts.count == items.count ? texts : nil
    }
}

extension JSONValue {
    /// The value as compact JSON, exactly as ``ServerJSON/encoder`` writes it (sorted keys,
    /// slashes as they are, numbers as read), written directly: every write
    /// stores its representation and summary, and the encoder's general machinery was half the
    /// cost of a write.
    var text: String {
        var output = ""
        write(into: &output)
        return output
    }

    private func write(into output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let text): output += text
        case .string(let value): Self.write(value, into: &output)
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                item.write(into: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output += "," }
                Self.write(key, into: &output)
                output += ":"
                members[key]?.write(into: &output)
            }
            output += "}"
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped, the rest as it is.
    private static func write(_ text: String, into output: inout String) {
        output += "\""
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            output += text
            output += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

/// The server's JSON settings: sorted keys, ISO 8601 dates, slashes unescaped.
enum ServerJSON {
    /// One encoder for the server (configured once; encoding does not change it).
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    /// One decoder for the server.
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    /// The text of `value`.
    static func text(_ value: some Encodable) -> String {
        (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    /// The text of a JSON value, the same as the encoder writes it (see ``JSONValue/text``).
    static func text(_ value: JSONValue) -> String { value.text }

    /// `2026-01-02T09:00:00Z`, as `Date.formatted(.iso8601)` writes it (whole seconds, UTC), made
    /// from the calendar fields directly: every write stamps two dates, and the format style's
    /// general machinery costs more than the rest of a small write on Linux.
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var fields = tm()
        guard gmtime_r(&seconds, &fields) != nil else { return date.formatted(.iso8601) }
        func padded(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(fields.tm_year + 1900, 4) + "-" + padded(fields.tm_mon + 1, 2) + "-" + padded(fields.tm_mday, 2)
            + "T" + padded(fields.tm_hour, 2) + ":" + padded(fields.tm_min, 2) + ":" + padded(fields.tm_sec, 2) + "Z"
    }
}
