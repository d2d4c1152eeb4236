import Foundation

/// A document as the API sends it (Docs/API.md); a write sends it without `id`, `version` and its
/// times.
struct DocumentDTO: Codable, Sendable, Equatable {
    var id: Int?
    var title: String
    var body: String
    var tags: [String]
    /// When the server made it and last changed it (the server sets both).
    var createdAt: Date?
    var updatedAt: Date?
    var version: Int?

    enum CodingKeys: String, CodingKey {
        case id, title, body, tags, createdAt, updatedAt, version
    }

    /// Writes every field, and `id`, the times and `version` when set (never in a write).
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(body, forKey: .body)
        try container.encode(tags, forKey: .tags)
        try container.encodeIfPresent(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(updatedAt, forKey: .updatedAt)
        try container.encodeIfPresent(version, forKey: .version)
    }
}

/// A document summary in a list: a document without its body.
struct DocumentSummaryDTO: Codable, Sendable, Equatable {
    let id: Int
    let title: String
    let tags: [String]
    let updatedAt: Date
    let version: Int
}
