import Domain
import Foundation

/// An item's fields as people read them, from the JSON a write sends: what `conflicts show`
/// prints for a feature, whose types the sync layer does not know.
enum ItemFields {
    /// The object's fields in the order `names` gives (the wire type's, so a feature's first
    /// field leads, as `conflicts list` shows it), then any other by name; a body that is not a
    /// JSON object reads as none.
    static func read(_ body: Data, ordered names: [String]) -> [ItemConflict.Field] {
        guard let object = try? JSONCoding.decoder.decode([String: Value].self, from: body) else { return [] }
        let place = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return object.sorted { (place[$0.key] ?? names.count, $0.key) < (place[$1.key] ?? names.count, $1.key) }
            .map { ItemConflict.Field(name: $0.key, value: $0.value.text) }
    }

    /// One JSON value as text.
    private enum Value: Decodable {
        case text(String)
        case list([Value])
        case none

        var text: String {
            switch self {
            case .text(let text): text
            case .list(let values): values.map(\.text).joined(separator: ", ")
            case .none: ""
            }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .none
            } else if let flag = try? container.decode(Bool.self) {
                self = .text(String(flag))
            } else if let number = try? container.decode(Int.self) {
                self = .text(String(number))
            } else if let number = try? container.decode(Double.self) {
                self = .text(String(number))
            } else if let text = try? container.decode(String.self) {
                self = .text(text)
            } else if let values = try? container.decode([Value].self) {
                self = .list(values)
            } else {
                self = .text("{…}")  // a nested object: generated features have none
            }
        }
    }
}
