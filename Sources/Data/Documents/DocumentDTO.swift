import Foundation

/// A document as the API sends it (Docs/API.md).
struct DocumentDTO: Codable, Sendable, Equatable {
    let id: Int
    let title: String
    let body: String
    let tags: [String]
    let createdAt: Date
    let updatedAt: Date
    let version: Int
}

/// A document summary in a list response.
struct DocumentSummaryDTO: Codable, Sendable, Equatable {
    let id: Int
    let title: String
    let tags: [String]
    let updatedAt: Date
    let version: Int
}

/// The answer to `GET /documents`.
struct DocumentListDTO: Codable, Sendable, Equatable {
    let items: [DocumentSummaryDTO]
    let deleted: [Int]?
    let serverVersion: Int?
}

/// The answer to `GET /documents?since=V&full=1`: whole documents; unknown fields (other
/// entity types a newer server may add) are ignored.
struct DocumentChangesDTO: Codable, Sendable, Equatable {
    let documents: [ChangedDocumentDTO]?
    let deleted: [Int]?
    let serverVersion: Int
    let more: Bool?
}

/// A document in a change list, with the validator the server would send for it, if it says.
struct ChangedDocumentDTO: Codable, Sendable, Equatable {
    let document: DocumentDTO
    let etag: String?

    init(document: DocumentDTO, etag: String?) {
        self.document = document
        self.etag = etag
    }

    /// Reads the document's members and its `etag` from one container (a page holds hundreds).
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        document = DocumentDTO(
            id: try container.decode(Int.self, forKey: .id), title: try container.decode(String.self, forKey: .title),
            body: try container.decode(String.self, forKey: .body),
            tags: try Self.strings(in: container, forKey: .tags),
            createdAt: try Self.date(in: container, forKey: .createdAt),
            updatedAt: try Self.date(in: container, forKey: .updatedAt),
            version: try container.decode(Int.self, forKey: .version))
        etag = try container.decodeIfPresent(String.self, forKey: .etag)
    }

    /// The date under `key`, read as text and parsed as ``JSONCoding``'s date strategy would:
    /// the strategy's closure costs a nested decoder per date, twice per document of a page.
    private static func date(
        in container: KeyedDecodingContainer<CodingKeys>, forKey key: CodingKeys
    ) throws -> Date {
        let text = try container.decode(String.self, forKey: key)
        guard let date = ISO8601Timestamp.parse(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "'\(text)' is not an ISO 8601 date")
        }
        return date
    }

    /// The array of strings under `key`, read element by element rather than through the array's
    /// own `Decodable` conformance, which a page of changes pays per document (ADR 0036).
    private static func strings(
        in container: KeyedDecodingContainer<CodingKeys>, forKey key: CodingKeys
    ) throws -> [String] {
        var elements = try container.nestedUnkeyedContainer(forKey: key)
        var strings: [String] = []
        strings.reserveCapacity(elements.count ?? 0)
        while !elements.isAtEnd { strings.append(try elements.decode(String.self)) }
        return strings
    }

    func encode(to encoder: any Encoder) throws {
        try document.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(etag, forKey: .etag)
    }

    enum CodingKeys: String, CodingKey {
        case id, title, body, tags, createdAt, updatedAt, version, etag
    }
}

/// The body of `POST /documents` and `PUT /documents/:id`; absent fields stay as they are.
struct DocumentInputDTO: Codable, Sendable, Equatable {
    let title: String?
    let body: String?
    let tags: [String]?
}
