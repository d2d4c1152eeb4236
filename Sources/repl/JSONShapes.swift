import Domain
import Foundation

/// The JSON field names of REPL output: a public contract, so fields may be added, never renamed.
enum JSONShapes {
    /// A whole document, with provenance when it was read.
    struct DocumentJSON: Encodable {
        let id: Int
        let title: String
        let body: String
        let tags: [String]
        let version: Int
        let createdAt: Date
        let updatedAt: Date
        let origin: String?
        let freshness: String?
        let ageSeconds: Int?
        let syncState: String

        init(_ document: Document, _ provenance: Provenance?) {
            syncState = document.syncState.rawValue
            id = document.id
            title = document.title
            body = document.body
            tags = document.tags
            version = document.version
            createdAt = document.createdAt
            updatedAt = document.updatedAt
            origin = provenance?.origin.rawValue
            freshness = provenance?.freshness.rawValue
            ageSeconds = provenance?.ageSeconds
        }
    }

    /// A list of document summaries with its provenance.
    struct DocumentListJSON: Encodable {
        let items: [DocumentSummary]
        let count: Int
        let origin: String?
        let freshness: String?
        let ageSeconds: Int?
    }

    /// A user profile with its provenance.
    struct UserJSON: Encodable {
        let id: Int
        let name: String
        let email: String
        let bio: String
        let origin: String
        let freshness: String
        let ageSeconds: Int
    }

    /// The answer to `docs delete`.
    struct DeletedJSON: Encodable {
        let deleted: Int
    }

    /// A plain message.
    struct MessageJSON: Encodable {
        let message: String
    }

    /// The answer to `help`.
    struct HelpJSON: Encodable {
        let commands: [HelpEntry]
    }

    /// Encodes `value` as one line of JSON with sorted keys and ISO 8601 dates.
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(value) else { return #"{"error":"unencodable output"}"# }
        return String(decoding: data, as: UTF8.self)
    }
}
