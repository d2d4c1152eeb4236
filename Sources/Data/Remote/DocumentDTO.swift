import Foundation

/// A document as the API sends it (Docs/API.md).
public struct DocumentDTO: Codable, Sendable, Equatable {
    let id: Int
    let title: String
    let body: String
    let tags: [String]
    let createdAt: Date
    let updatedAt: Date
    let version: Int
}

/// A document summary in a list response.
public struct DocumentSummaryDTO: Codable, Sendable, Equatable {
    let id: Int
    let title: String
    let tags: [String]
    let updatedAt: Date
    let version: Int
}

/// The answer to `GET /documents`.
public struct DocumentListDTO: Codable, Sendable, Equatable {
    let items: [DocumentSummaryDTO]
    let deleted: [Int]?
    let serverVersion: Int?
}

/// The answer to `GET /documents?since=V&full=1`: whole documents; unknown fields (other
/// entity types a newer server may add) are ignored.
public struct DocumentChangesDTO: Codable, Sendable, Equatable {
    let documents: [DocumentDTO]?
    let deleted: [Int]?
    let serverVersion: Int
    let more: Bool?
}

/// A user profile as the API sends it.
public struct UserDTO: Codable, Sendable, Equatable {
    let id: Int
    let name: String
    let email: String
    let bio: String
}

/// The body of `POST /documents` and `PUT /documents/:id`; absent fields stay as they are.
public struct DocumentInputDTO: Codable, Sendable, Equatable {
    let title: String?
    let body: String?
    let tags: [String]?
}
