import Foundation
import ShellKit

/// Reads the typed value of a field's flag (`--minutes 20`): each reader names the flag (or the
/// form's field that stands for it) and what it expected when a word does not fit.
enum FieldValue {
    /// Text, as typed.
    static func text(_ word: String, flag: String) -> String { word }

    /// A whole number.
    static func integer(_ word: String, flag: String) throws(CommandFailure) -> Int {
        guard let value = Int(word) else { throw CommandFailure("\(flag) needs a whole number, not '\(word)'") }
        return value
    }

    /// A finite number written in decimal digits, with an optional point and exponent (`2.5`,
    /// `1e-5`); not the other forms Swift reads (`0x1p-3`, `inf`).
    static func decimal(_ word: String, flag: String) throws(CommandFailure) -> Double {
        guard word.allSatisfy({ $0.isASCII && ($0.isNumber || ".eE+-".contains($0)) }),
            let value = Double(word), value.isFinite
        else {
            throw CommandFailure("\(flag) needs a number such as 2.5, not '\(word)'")
        }
        return value
    }

    /// An exact decimal number, as people write one: digits, at most one point, an optional minus
    /// (`12.50`); nothing a `Double` would round.
    ///
    /// At most ``maxDecimalDigits`` digits, which a `Decimal` holds exactly; a longer number is
    /// refused as too long, not as something other than a decimal.
    static func exactDecimal(_ word: String, flag: String) throws(CommandFailure) -> Decimal {
        let digits = word.hasPrefix("-") ? word.dropFirst() : word[...]
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else {
            throw CommandFailure("\(flag) needs an exact decimal such as 12.50, not '\(word)'")
        }
        guard digits.count <= maxDecimalDigits + parts.count - 1,
            let value = Decimal(string: word, locale: Locale(identifier: "en_US_POSIX"))
        else {
            throw CommandFailure("\(flag) takes at most \(maxDecimalDigits) digits, not '\(word)'")
        }
        return value
    }

    /// The most digits an exact decimal may have.
    static let maxDecimalDigits = 30

    /// `true` or `false`.
    static func boolean(_ word: String, flag: String) throws(CommandFailure) -> Bool {
        switch word {
        case "true": return true
        case "false": return false
        default: throw CommandFailure("\(flag) needs true or false, not '\(word)'")
        }
    }

    /// The reader of one of an enum's values, by its name.
    static func choice<Value: RawRepresentable & CaseIterable>(_ type: Value.Type) -> (String, String)
        throws(CommandFailure) -> Value where Value.RawValue == String
    {
        { word, flag throws(CommandFailure) in
            guard let value = Value(rawValue: word) else {
                let names = Value.allCases.map(\.rawValue).joined(separator: ", ")
                throw CommandFailure("\(flag) needs one of \(names), not '\(word)'")
            }
            return value
        }
    }

    /// A day (`2026-01-02`, midnight UTC) or a moment (`2026-01-02T09:00:00Z`) that the calendar
    /// has.
    ///
    /// Foundation's reader carries an impossible day or hour over (`2026-02-30` reads as March 2nd,
    /// `T25:00` as 1 o'clock the next day), so the day written must be the day read and the clock
    /// within its ranges.
    static func date(_ word: String, flag: String) throws(CommandFailure) -> Date {
        let dayStyle = Date.ISO8601FormatStyle().year().month().day()
        let written = String(word.prefix(10))
        // Hours, minutes and seconds, each below its limit (a part that is no number reads as -1).
        let clock = word.dropFirst(11).prefix(8).split(separator: ":", omittingEmptySubsequences: false)
            .map { Int($0) ?? -1 }
        if let day = try? Date(written, strategy: dayStyle), day.formatted(dayStyle) == written {
            if word == written { return day }
            if word.dropFirst(10).first == "T", clock.count == 3,
                zip(clock, [24, 60, 60]).allSatisfy({ (0..<$1).contains($0) }),
                let moment = try? Date(word, strategy: .iso8601)
            {
                return moment
            }
        }
        throw CommandFailure("\(flag) needs a date such as 2026-01-02 or 2026-01-02T09:00:00Z, not '\(word)'")
    }
}

extension ParsedArguments {
    /// The value of `flag` read by `read`; `nil` when the flag is not given.
    func value<Value>(
        of flag: String, _ read: (String, String) throws(CommandFailure) -> Value
    ) throws(CommandFailure) -> Value? {
        guard let word = self.flag(flag) else { return nil }
        return try read(word, label(of: flag))
    }

    /// The value of `flag`, which the command needs.
    func required<Value>(
        _ flag: String, _ read: (String, String) throws(CommandFailure) -> Value
    ) throws(CommandFailure) -> Value {
        guard let value = try value(of: flag, read) else { throw CommandFailure("missing \(label(of: flag))") }
        return value
    }

    /// The value of an optional field's `flag`: `nil` when the flag is not given, `.some(nil)`
    /// when it is given empty (`--note ""` clears the note).
    func clearable<Value>(
        _ flag: String, _ read: (String, String) throws(CommandFailure) -> Value
    ) throws(CommandFailure) -> Value?? {
        guard let word = self.flag(flag) else { return nil }
        return .some(word.isEmpty ? nil : try read(word, label(of: flag)))
    }

    /// Every value of a repeatable `flag`; `nil` when it is not given.
    func list(_ flag: String) -> [String]? { isSet(flag) ? all(flag) : nil }
}
