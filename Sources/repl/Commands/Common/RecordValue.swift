import Foundation
import ShellKit

/// One field's value as a generated feature's files and tables hold it: a text, a number, a
/// yes/no, a list of texts, or nothing (an optional field left empty).
///
/// A number keeps the text it is shown with (`12.345678901234567891`, `30`), so a file carries
/// every digit the item has; the field's flag reads that text back.
enum RecordValue: Equatable, Codable {
    case text(String)
    case number(String)
    case bool(Bool)
    case list([String])
    case null

    /// The value as the tables show it and the field's flag reads it; nothing is `""`, which
    /// clears an optional field.
    var text: String {
        switch self {
        case .text(let text), .number(let text): text
        case .bool(let value): String(value)
        case .list(let texts): texts.joined(separator: ", ")
        case .null: ""
        }
    }

    /// The items a list field takes: a list's, or a text's words between commas, as a window types
    /// them.
    var words: [String] {
        guard case .list(let items) = self else {
            return text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        return items
    }

    /// `text` typed into a field that now holds this value, as an editor window types it: a
    /// list's words between commas (``words``), anything else the text as typed.
    func typed(_ text: String) -> RecordValue {
        if case .list = self { return .list(RecordValue.text(text).words) }
        return .text(text)
    }

    /// The text a field of one value takes; a list is refused, naming `field`.
    func single(_ field: String) throws(CommandFailure) -> String {
        if case .list = self { throw CommandFailure("\(field) takes one value, not a list") }
        return text
    }

    /// The text a text field takes: a number or a yes/no is refused, as a list is, naming `field`;
    /// a file that gives a title as `5` most likely has its members mixed up.
    func singleText(_ field: String) throws(CommandFailure) -> String {
        switch self {
        case .number(let digits): throw CommandFailure("\(field) needs text, not \(digits)")
        case .bool(let flag): throw CommandFailure("\(field) needs text, not \(flag)")
        case .text, .list, .null: return try single(field)
        }
    }

    init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if let flag = try? value.decode(Bool.self) {
            self = .bool(flag)
        } else if let text = try? value.decode(String.self) {
            self = .text(text)
        } else if let texts = try? value.decode([String].self) {
            self = .list(texts)
        } else if let number = try? value.decode(Decimal.self) {
            // Up to 38 significant digits exactly; a number beyond a Decimal's range as a Double.
            self = .number(number.description)
        } else {
            self = .number(String(try value.decode(Double.self)))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var value = encoder.singleValueContainer()
        switch self {
        case .text(let text): try value.encode(text)
        case .bool(let flag): try value.encode(flag)
        case .list(let texts): try value.encode(texts)
        case .null: try value.encodeNil()
        case .number(let text):
            // Written as a JSON number with the digits shown; a text no number reads stays text.
            if let exact = Decimal(string: text), exact.isFinite {
                try value.encode(exact)
            } else if let double = Double(text), double.isFinite {
                try value.encode(double)  // beyond a Decimal's range (1e300)
            } else {
                try value.encode(text)
            }
        }
    }
}

/// One item in a generated feature's import and export files: its fields by name.
struct FieldRecord: Codable {
    /// Each member's value.
    let values: [String: RecordValue]

    /// The record of `fields`, as an item gives them.
    init(_ fields: [(name: String, value: RecordValue)]) {
        values = Dictionary(fields.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: FieldName.self)
        var values: [String: RecordValue] = [:]
        for key in members.allKeys { values[key.stringValue] = try members.decode(RecordValue.self, forKey: key) }
        self.values = values
    }

    func encode(to encoder: any Encoder) throws {
        var members = encoder.container(keyedBy: FieldName.self)
        for (name, value) in values { try members.encode(value, forKey: FieldName(name)) }
    }
}
