import Domain
import Foundation
import ShellKit

/// What the shell does with a field's value: the words a list field takes, the text a window
/// types into a field, and the refusals a record file's member can earn.
extension RecordValue {
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
