/// How each field type is written in each layer.
extension FeatureSpec.Field {
    /// The Swift type in Domain.
    var swiftType: String { type.rawValue }

    var isOptional: Bool { type == .optionalString || type == .optionalInt }

    /// Whether the rules require text in it.
    var isRequiredText: Bool { type == .string }

    /// The SQL column type.
    var sqlType: String {
        switch type {
        case .string, .optionalString, .date, .strings: "TEXT"
        case .int, .optionalInt, .bool: "INTEGER"
        case .double: "REAL"
        }
    }

    /// The column's definition.
    var column: String { "\(snakeName) \(sqlType)\(isOptional ? "" : " NOT NULL")" }

    /// The column's name.
    var snakeName: String {
        name.unicodeScalars.map { $0.properties.isUppercase ? "_" + String($0).lowercased() : String($0) }.joined()
    }

    /// The server's rule for the field.
    var collectionField: String {
        switch type {
        case .string: "\"\(name)\", .string(maxLength: 200, nonEmpty: true), required: true, inSummary: true"
        case .optionalString: "\"\(name)\", .string(maxLength: 200), optional: true, inSummary: true"
        case .int: "\"\(name)\", .integer, required: true, inSummary: true"
        case .optionalInt: "\"\(name)\", .integer, optional: true, inSummary: true"
        case .double: "\"\(name)\", .number, required: true, inSummary: true"
        case .bool: "\"\(name)\", .boolean, required: true, inSummary: true"
        case .date: "\"\(name)\", .date, required: true, inSummary: true"
        case .strings: "\"\(name)\", .strings, defaultValue: \"[]\", inSummary: true"
        }
    }

    /// A sample value, as Swift source, for tests and docs.
    var sample: String {
        switch type {
        case .string, .optionalString: "\"Sample \(name)\""
        case .int, .optionalInt: "3"
        case .double: "2.5"
        case .bool: "true"
        case .date: "Date(timeIntervalSince1970: 1_767_258_000)"
        case .strings: "[\"one\", \"two\"]"
        }
    }
}
