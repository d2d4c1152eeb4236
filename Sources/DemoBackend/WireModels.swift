import Foundation

/// A document as the demo server stores and sends it (see Docs/API.md).
struct WireDocument: Codable, Sendable, Equatable {
    var id: Int
    var title: String
    var body: String
    var tags: [String]
    var createdAt: Date
    var updatedAt: Date
    var version: Int

    /// The list form, without the body.
    var summary: WireSummary {
        WireSummary(id: id, title: title, tags: tags, updatedAt: updatedAt, version: version)
    }

    /// What names this version; the server's validator is made from it.
    var versionName: String { "d\(id)-v\(version)" }
}

/// A document in a list response.
struct WireSummary: Codable, Sendable, Equatable {
    var id: Int
    var title: String
    var tags: [String]
    var updatedAt: Date
    var version: Int
}

/// The answer to `GET /documents`.
struct WireDocumentList: Encodable, Sendable {
    var items: [WireSummary]
    var deleted: [Int]
    var serverVersion: Int
    /// With `full=1`: whole documents changed since `since`, in change order (`items` is empty).
    var documents: [WireChangedDocument]?
    /// With `limit`: whether more changes follow `serverVersion`.
    var more: Bool?
}

/// A document in a change list, with the validator `GET /documents/:id` would send for it.
struct WireChangedDocument: Encodable, Sendable {
    var document: WireDocument
    var etag: String

    func encode(to encoder: any Encoder) throws {
        try document.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(etag, forKey: .etag)
    }

    enum CodingKeys: String, CodingKey {
        case etag
    }
}

/// A user profile.
struct WireUser: Codable, Sendable, Equatable {
    var id: Int
    var name: String
    var email: String
    var bio: String
}

/// The body of `POST /documents` and `PUT /documents/:id` (every field optional for PUT).
struct WireDocumentInput: Codable, Sendable {
    var title: String?
    var body: String?
    var tags: [String]?
}

/// An error body.
struct WireError: Codable, Sendable {
    var error: String
}
