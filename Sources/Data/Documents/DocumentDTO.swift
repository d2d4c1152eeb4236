import Foundation

// swift-format-ignore: UseSynthesizedInitializer
/// A document as the API sends it (Docs/API.md); a write sends it without `id`, `version` and its
/// times (the synthesized encoding leaves a nil optional out).
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
}

/// A document summary in a list: a document without its body.
struct DocumentSummaryDTO: Codable, Sendable, Equatable {
    let id: Int
    let title: String
    let tags: [String]
    let updatedAt: Date
    let version: Int
}
