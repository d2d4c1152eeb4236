import Domain
import Foundation

/// An item's fields by name, from the JSON a write sends: what `conflicts show` prints for a
/// feature, whose types the sync layer does not know.
enum ItemFields {
    /// The object's fields in the order `names` gives (the wire type's, so a feature's first
    /// field leads, as `conflicts list` shows it), then any other by name; a body that is not a
    /// JSON object reads as none.
    static func read(_ body: Data, ordered names: [String]) -> [ItemConflict.Field] {
        guard let object = try? JSONCoding.decoder.decode([String: Value].self, from: body) else { return [] }
        let place = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return object.sorted { (place[$0.key] ?? names.count, $0.key) < (place[$1.key] ?? names.count, $1.key) }
            .map { ItemConflict.Field(name: $0.key, value: $0.value.value) }
    }

    /// One member's value; one that is not a field's (an object, a list of numbers) reads as
    /// text, so it cannot hide the other fields.
    private struct Value: Decodable {
        let value: RecordValue

        init(from decoder: any Decoder) throws {
            value = (try? RecordValue(from: decoder)) ?? .text("{…}")
        }
    }
}
