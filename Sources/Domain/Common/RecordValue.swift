import Foundation

/// One field's value as people and files read it, whatever the item's type: a text, a number, a
/// yes/no, a list of texts, or nothing (an optional field left empty).
///
/// A feature's conflict gives each side's fields as these values, and a generated feature's
/// import and export files hold them. A number keeps the text it is shown with
/// (`12.345678901234567891`, `30`), so no digit is lost between the item and its text.
public enum RecordValue: Equatable, Sendable, Codable {
    /// A text: a string, a date, a choice of an enumeration.
    case text(String)
    /// A number, by the digits it is shown with.
    case number(String)
    /// A yes/no.
    case bool(Bool)
    /// A list of texts.
    case list([String])
    /// No value.
    case null

    /// The value as a table shows it and a field's flag reads it: a list's items between commas,
    /// nothing as `""`.
    public var text: String {
        switch self {
        case .text(let text), .number(let text): text
        case .bool(let value): String(value)
        case .list(let texts): texts.joined(separator: ", ")
        case .null: ""
        }
    }

    /// A `Double` by its digits, as the help, the files and the server write numbers.
    ///
    /// `0.00001` where Swift prints `1e-05`. A value beyond a `Decimal`'s range (`1e300`) is
    /// written as Swift prints it, which JSON and the field's flag still read.
    public static func digits(of value: Double) -> String {
        let shortest = String(value)
        guard let exact = Decimal(string: shortest, locale: Locale(identifier: "en_US_POSIX")), exact.isFinite else {
            return shortest
        }
        return exact.description
    }

    /// Reads a JSON value; an object, or a list holding anything but texts, is refused.
    public init(from decoder: any Decoder) throws {
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

    /// Writes the JSON value: a number as a JSON number with the digits shown, or as text when no
    /// number reads them.
    public func encode(to encoder: any Encoder) throws {
        var value = encoder.singleValueContainer()
        switch self {
        case .text(let text): try value.encode(text)
        case .bool(let flag): try value.encode(flag)
        case .list(let texts): try value.encode(texts)
        case .null: try value.encodeNil()
        case .number(let text):
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
