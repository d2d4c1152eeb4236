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
struct WireDocumentList: Codable, Sendable {
    var items: [WireSummary]
    var deleted: [Int]
    var serverVersion: Int
    /// With `full=1`: whole documents changed since `since`, in change order (`items` is empty).
    var documents: [WireDocument]?
    /// With `limit`: whether more changes follow `serverVersion`.
    var more: Bool?
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
