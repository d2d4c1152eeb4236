import Foundation
import GRDB

/// The files attached to resources: rows in `attachment`, bytes in the data folder's
/// `attachments/` (never in the database, so a large file is never read whole).
struct AttachmentStore: Sendable {
    let database: ServerDatabase
    let now: @Sendable () -> Date

    /// An attachment as the API shows it.
    struct Stored: Codable, Sendable, Equatable {
        let document: Int
        let name: String
        let size: Int
        let addedAt: Date
    }

    /// Where the stored files are.
    var files: URL { database.folder.appendingPathComponent("attachments") }
    /// Where uploads are written while they arrive (removed when they fail).
    var incoming: URL { files.appendingPathComponent("incoming") }

    /// Whether the resource `id` of `collection` exists and is not deleted.
    func resourceExists(_ collection: String, id: Int, _ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db, sql: "SELECT 1 FROM resource WHERE collection = ? AND id = ? AND deleted = 0",
            arguments: [collection, id]
        ) ?? false
    }

    /// The attachments of a resource, by name.
    func list(_ collection: String, id: Int, _ db: Database) throws -> [Stored] {
        try Row.fetchAll(
            db,
            sql: "SELECT name, size, added_at FROM attachment WHERE collection = ? AND resource_id = ? ORDER BY name",
            arguments: [collection, id]
        ).map { row in
            Stored(
                document: id, name: try row.decode(String.self, atIndex: 0), size: try row.decode(Int.self, atIndex: 1),
                addedAt: Date(timeIntervalSince1970: try row.decode(Double.self, atIndex: 2)))
        }
    }

    /// One attachment and its file, if the resource has it.
    func find(_ collection: String, id: Int, name: String, _ db: Database) throws -> (Stored, URL)? {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT size, added_at, file FROM attachment WHERE collection = ? AND resource_id = ? AND name = ?
                    """,
                arguments: [collection, id, name])
        else { return nil }
        let stored = Stored(
            document: id, name: name, size: try row.decode(Int.self, atIndex: 0),
            addedAt: Date(timeIntervalSince1970: try row.decode(Double.self, atIndex: 1)))
        return (stored, files.appendingPathComponent(try row.decode(String.self, atIndex: 2)))
    }

    /// Keeps the file at `upload` (moved into place) as `name` of the resource, in the caller's
    /// transaction.
    func add(_ collection: String, id: Int, name: String, size: Int, from upload: URL, _ db: Database) throws -> Stored
    {
        let file = UUID().uuidString.lowercased()
        try FileManager.default.moveItem(at: upload, to: files.appendingPathComponent(file))
        let stored = Stored(document: id, name: name, size: size, addedAt: now())
        do {
            try db.execute(
                sql: """
                    INSERT INTO attachment (collection, resource_id, name, size, file, added_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [collection, id, name, size, file, stored.addedAt.timeIntervalSince1970])
        } catch {
            try? FileManager.default.removeItem(at: files.appendingPathComponent(file))
            throw error
        }
        return stored
    }

    /// Forgets every attachment and removes their files (a reset of the sample data).
    func removeAll(_ db: Database) throws {
        let stored = try String.fetchAll(db, sql: "SELECT file FROM attachment")
        try db.execute(sql: "DELETE FROM attachment")
        for file in stored { try? FileManager.default.removeItem(at: files.appendingPathComponent(file)) }
    }

    /// Creates the folders, and removes uploads left half-written a day ago or more (by a server
    /// that stopped; another server on the folder may be receiving the newer ones).
    func prepare() throws {
        try FileManager.default.createDirectory(at: incoming, withIntermediateDirectories: true)
        let manager = FileManager.default
        let dayAgo = now().addingTimeInterval(-86_400)
        for name in (try? manager.contentsOfDirectory(atPath: incoming.path)) ?? [] {
            let file = incoming.appendingPathComponent(name)
            let modified = (try? manager.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
            if let modified, modified < dayAgo { try? manager.removeItem(at: file) }
        }
    }
}
