import Foundation

// swift-format-ignore: UseSynthesizedInitializer
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

    /// A document's JSON from all of its fields, every one named: the synthesized initializer
    /// gives each optional `var` a default of nil, which lets a call site leave one out
    /// (Docs/Conventions.md).
    init(
        id: Int?, title: String, body: String, tags: [String], createdAt: Date?, updatedAt: Date?, version: Int?
    ) {
        self.id = id
        self.title = title
        self.body = body
        self.tags = tags
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
    }

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
