import Domain
import GRDB

/// A row of `pending_upload`: a file copied into the upload queue (its multipart body is a file
/// in the uploads folder, named by the key), waiting for the server to store it.
struct PendingUploadRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "pending_upload"

    /// Sent as `Idempotency-Key` on every attempt, so the server stores the file once.
    var key: String
    /// The document's identifier on the server.
    var documentId: Int
    var name: String
    /// The file's size (its body file is a little larger).
    var size: Int
    /// The boundary the body file's parts are separated by.
    var boundary: String
    /// When the file was queued, in seconds since 1970.
    var createdAt: Double
    /// How many times it was sent without an answer.
    var attempts: Int

    enum CodingKeys: String, CodingKey {
        case key
        case documentId = "document_id"
        case name, size, boundary
        case createdAt = "created_at"
        case attempts
    }

    /// The table.
    static let schema = """
        CREATE TABLE pending_upload (
            key TEXT PRIMARY KEY,
            document_id INTEGER NOT NULL,
            name TEXT NOT NULL,
            size INTEGER NOT NULL,
            boundary TEXT NOT NULL,
            created_at REAL NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0
        )
        """

    /// The upload as the Domain sees it (nil for a row no document could have: id 0).
    var upload: PendingUpload? {
        Document.ID(rawValue: documentId).map {
            PendingUpload(documentID: $0, name: name, size: size, attempts: attempts)
        }
    }

    /// The body file's name in the uploads folder.
    var bodyFileName: String { key + ".multipart" }
}
