import Foundation

/// A page of a collection's change list: the whole items under the collection's own name, each
/// with the validator the server would send for it, the identifiers deleted, the change number
/// reached and whether more follow; what this build does not know is skipped, and named, and an
/// item it cannot read is skipped, and counted.
struct FeatureChangesDTO<Resource: FeatureResource>: Decodable, Sendable {
    /// An item as the change list carries it: its wire form and its validator.
    struct Changed: Decodable, Sendable {
        let wire: Resource.Wire
        let etag: String?

        private enum CodingKeys: String, CodingKey { case etag }

        init(from decoder: any Decoder) throws {
            wire = try Resource.Wire(from: decoder)
            etag = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .etag)
        }
    }

    /// An item of the list, read on its own: one that does not decode leaves the others readable.
    private struct Entry: Decodable {
        let changed: Changed?

        init(from decoder: any Decoder) {
            changed = try? Changed(from: decoder)
        }
    }

    let items: [Changed]
    /// How many items of the list could not be read.
    let unreadable: Int
    let deleted: [Int]
    let serverVersion: Int
    let more: Bool
    /// The members of the page this build does not read (another collection's items).
    let skipped: [String]

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let entries = try container.decodeIfPresent([Entry].self, forKey: Key(stringValue: Resource.collection)) ?? []
        items = entries.compactMap(\.changed)
        unreadable = entries.count - items.count
        deleted = try container.decodeIfPresent([Int].self, forKey: Key(stringValue: "deleted")) ?? []
        serverVersion = try container.decode(Int.self, forKey: Key(stringValue: "serverVersion"))
        more = try container.decodeIfPresent(Bool.self, forKey: Key(stringValue: "more")) ?? false
        let known: Set<String> = [Resource.collection, "items", "deleted", "serverVersion", "more"]
        skipped = container.allKeys.map(\.stringValue).filter { !known.contains($0) }
    }
}
