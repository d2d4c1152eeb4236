import Foundation

/// How each field type is written in each layer.
extension FeatureSpec.Field {
    /// The Swift type in Domain.
    var swiftType: String { enumName.map { type == .optionalEnumeration ? $0 + "?" : $0 } ?? type.rawValue }

    /// The type as `scaffold-feature` takes it (`enum(food,travel)` for an enum).
    var typeText: String {
        switch type {
        case .enumeration: "enum(\(values.joined(separator: ",")))"
        case .optionalEnumeration: "enum(\(values.joined(separator: ",")))?"
        default: type.rawValue
        }
    }

    /// The type the wire, the table and the shell's JSON keep it as (an enum's raw value is text).
    var storedType: String {
        switch type {
        case .enumeration: "String"
        case .optionalEnumeration: "String?"
        default: swiftType
        }
    }

    /// Whether the field is one of named values, required or not.
    var isEnumeration: Bool { type == .enumeration || type == .optionalEnumeration }

    /// `?` where the stored value may be missing, for optional chaining in generated code.
    var chain: String { isOptional ? "?" : "" }

    var isOptional: Bool {
        [.optionalString, .optionalInt, .optionalDouble, .optionalDecimal, .optionalDate, .optionalBool, .optionalEnumeration]
            .contains(type)
    }

    /// Whether the rules require text in it.
    var isRequiredText: Bool { type == .string }

    /// The SQL column type.
    var sqlType: String {
        switch type {
        case .string, .optionalString, .date, .optionalDate, .strings, .enumeration, .optionalEnumeration: "TEXT"
        case .int, .optionalInt, .bool, .optionalBool: "INTEGER"
        case .double, .optionalDouble: "REAL"
        case .decimal, .optionalDecimal: "TEXT"
        }
    }

    /// The column's definition; the name quoted, since a field may be named as an SQL keyword
    /// (`order`, `group`).
    var column: String { "\"\(snakeName)\" \(sqlType)\(isOptional ? "" : " NOT NULL")" }

    /// The column's name.
    var snakeName: String {
        name.unicodeScalars.map { $0.properties.isUppercase ? "_" + String($0).lowercased() : String($0) }.joined()
    }

    /// The server's rule for the field.
    var collectionField: String {
        switch type {
        case .string: "\"\(name)\", .string(maxLength: 200, nonEmpty: true), required: true, inSummary: true"
        case .optionalString: "\"\(name)\", .string(maxLength: 200), optional: true, inSummary: true"
        case .int: "\"\(name)\", \(integerKind), required: true, inSummary: true"
        case .optionalInt: "\"\(name)\", \(integerKind), optional: true, inSummary: true"
        case .double, .decimal: "\"\(name)\", \(numberKind), required: true, inSummary: true"
        case .optionalDouble, .optionalDecimal: "\"\(name)\", \(numberKind), optional: true, inSummary: true"
        case .bool: "\"\(name)\", .boolean, required: true, inSummary: true"
        case .optionalBool: "\"\(name)\", .boolean, optional: true, inSummary: true"
        case .date: "\"\(name)\", .date, required: true, inSummary: true"
        case .optionalDate: "\"\(name)\", .date, optional: true, inSummary: true"
        case .strings: "\"\(name)\", .strings, defaultValue: \"[]\", inSummary: true"
        case .enumeration:
            "\"\(name)\", .oneOf([\(values.map { "\"\($0)\"" }.joined(separator: ", "))]), required: true, inSummary: true"
        case .optionalEnumeration:
            "\"\(name)\", .oneOf([\(values.map { "\"\($0)\"" }.joined(separator: ", "))]), optional: true, inSummary: true"
        }
    }

    /// The server's kind for a number field: bounded, exactly, when the feature gave a range.
    private var numberKind: String {
        numberBounds == nil ? ".number" : ".numberIn(\(rangeSource(exact: true)))"
    }

    /// The bounds of the field's range as written (`0` and `30`, `-2` and `-1.5`); nil without one.
    var rangeBounds: (low: String, high: String)? {
        range.map { ("\($0.lowerBound)", "\($0.upperBound)") }
            ?? numberBounds.map { ("\($0.lowerBound)", "\($0.upperBound)") }
    }

    /// The field's range as `--range` takes it (`0...30`); empty without one.
    var rangeText: String { rangeBounds.map { "\($0.low)...\($0.high)" } ?? "" }

    /// The field's range as Swift source: a negative upper bound in parentheses, since `...-`
    /// would read as one operator (`-9...(-1)`). With `exact`, a fraction is written as an exact
    /// quotient (``source(of:)``): a float literal would reach a `Decimal` through `Double`.
    func rangeSource(exact: Bool) -> String {
        if let numberBounds, exact {
            return Self.source(of: numberBounds.lowerBound) + "..." + Self.source(of: numberBounds.upperBound)
        }
        return rangeBounds.map { "\($0.low)..." + ($0.high.hasPrefix("-") ? "(\($0.high))" : $0.high) } ?? ""
    }

    /// The values a number field takes as `Double`s, from which its samples are picked.
    var numberRange: ClosedRange<Double>? {
        // A decimal's description is digits, which `Double` always reads (rounded to nearest).
        numberBounds.map { (Double("\($0.lowerBound)") ?? 0)...(Double("\($0.upperBound)") ?? 0) }
    }

    /// A decimal as Swift source that keeps every digit: a whole number as written (`-2`, in
    /// parentheses when negative), any other as a quotient of whole numbers (`Decimal(1_875) /
    /// 1_000`), which `Decimal` divides exactly; a float literal would reach it through `Double`.
    static func source(of value: Decimal) -> String {
        if value.exponent >= 0 { return value < 0 ? "(\(value))" : "\(value)" }
        let sign = value < 0 ? "-" : ""
        return "Decimal(\(sign)\(grouped("\(value.significand)"))) / \(grouped("1" + String(repeating: "0", count: -Int(value.exponent))))"
    }

    /// Digits grouped by three with underscores, as the house style writes long literals.
    private static func grouped(_ digits: String) -> String {
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped += "_" }
            grouped.append(digit)
        }
        return grouped
    }

    /// The server's kind for a whole-number field: bounded when the feature gave a range.
    private var integerKind: String {
        range == nil ? ".integer" : ".integerIn(\(rangeSource(exact: false)))"
    }
}

/// How each field appears in the shell: its flag, how the flag's value is read, and the sample
/// values the generated tests and page type.
extension FeatureSpec.Field {
    /// `--cooked-on` for `cookedOn`.
    var flag: String {
        "--"
            + name.unicodeScalars.map { $0.properties.isUppercase ? "-" + String($0).lowercased() : String($0) }
            .joined()
    }

    /// The `FieldValue` reader of the flag's words.
    private var reader: String {
        switch type {
        case .string, .optionalString, .strings: "FieldValue.text"
        case .int, .optionalInt: "FieldValue.integer"
        case .double, .optionalDouble: "FieldValue.decimal"
        case .decimal, .optionalDecimal: "FieldValue.exactDecimal"
        case .bool, .optionalBool: "FieldValue.boolean"
        case .date, .optionalDate: "FieldValue.date"
        case .enumeration, .optionalEnumeration: "FieldValue.choice(\(enumName ?? swiftType).self)"
        }
    }

    /// The flag's spec in the `new` and `edit` commands.
    var flagSpec: String {
        let bounds = rangeBounds.map { " from \($0.low) to \($0.high)" } ?? ""
        let (valueName, help): (String, String) =
            switch type {
            case .string: ("TEXT", "The \(name)")
            case .optionalString: ("TEXT", "The \(name) (\\\"\\\" clears it)")
            case .int: ("N", "The \(name), a whole number\(bounds)")
            case .optionalInt: ("N", "The \(name), a whole number\(bounds) (\\\"\\\" clears it)")
            case .double: ("NUMBER", "The \(name), a number\(bounds.isEmpty ? " such as 2.5" : bounds)")
            case .decimal: ("NUMBER", "The \(name), an exact decimal\(bounds.isEmpty ? " such as 12.50" : bounds)")
            case .optionalDouble:
                ("NUMBER", "The \(name), a number\(bounds.isEmpty ? " such as 2.5" : bounds) (\\\"\\\" clears it)")
            case .optionalDecimal:
                ("NUMBER", "The \(name), an exact decimal\(bounds.isEmpty ? " such as 12.50" : bounds) (\\\"\\\" clears it)")
            case .bool: ("BOOL", "Whether \(name)")
            case .optionalBool: ("BOOL", "Whether \(name): true or false (\\\"\\\" clears it)")
            case .date: ("DATE", "The \(name): 2026-01-02 or 2026-01-02T09:00:00Z")
            case .optionalDate: ("DATE", "The \(name): 2026-01-02 or 2026-01-02T09:00:00Z (\\\"\\\" clears it)")
            case .strings: ("WORD", "One of the \(name) (repeatable; replaces them on edit)")
            case .enumeration: ("VALUE", "The \(name)")
            case .optionalEnumeration: ("VALUE", "The \(name): \(values.joined(separator: ", ")) (\\\"\\\" clears it)")
            }
        let extra =
            switch type {
            case .strings: ", isRepeatable: true"
            case .bool: ", allowedValues: [\"true\", \"false\"]"
            case .enumeration: ", allowedValues: [\(values.map { "\"\($0)\"" }.joined(separator: ", "))]"
            default: ""
            }
        let required = isRequiredOnNew ? ".required(creating)" : ""
        return "FlagSpec(name: \"\(flag)\", valueName: \"\(valueName)\", help: \"\(help)\"\(extra))\(required)"
    }

    /// Whether `new` cannot do without the field: it has no empty value to start from (a list
    /// starts empty, a `Bool` false).
    var isRequiredOnNew: Bool {
        switch type {
        case .string, .int, .double, .decimal, .date, .enumeration: true
        default: false
        }
    }

    /// The expression `new` reads the field with.
    var newValue: String {
        switch type {
        case _ where isRequiredOnNew: "try arguments.required(\"\(flag)\", \(reader))"
        case .bool: "try arguments.value(of: \"\(flag)\", \(reader)) ?? false"
        case .strings: "arguments.all(\"\(flag)\")"
        default: "try arguments.clearable(\"\(flag)\", \(reader)) ?? nil"
        }
    }

    /// The `case` that turns the field's value, typed in an editor window or read from an import
    /// file, into its flag's values: a list's items, or its words separated by commas as the tables
    /// show them; a list for a field of one value is refused.
    var windowCase: String {
        switch type {
        case .strings: "case \"\(name)\": flags[\"\(flag)\"] = value.words"
        case .string, .optionalString: "case \"\(name)\": flags[\"\(flag)\"] = [try value.singleText(name)]"
        default: "case \"\(name)\": flags[\"\(flag)\"] = [try value.single(name)]"
        }
    }

    /// The statement `edit` changes the draft's field with, when its flag is given.
    var editStatement: String {
        switch type {
        case .string, .int, .double, .decimal, .date, .bool, .enumeration:
            "if let value = try arguments.value(of: \"\(flag)\", \(reader)) { draft.\(name) = value }"
        case .optionalString, .optionalInt, .optionalDouble, .optionalDecimal, .optionalDate, .optionalBool, .optionalEnumeration:
            "if let value = try arguments.clearable(\"\(flag)\", \(reader)) { draft.\(name) = value }"
        case .strings: "if let value = arguments.list(\"\(flag)\") { draft.\(name) = value }"
        }
    }
}

extension FeatureSpec {
    /// Words as a sentence lists alternatives: `title`, `title or note`, `title, note or place`.
    static func either(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}
