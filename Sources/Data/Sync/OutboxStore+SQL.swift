import Domain
import Foundation
import GRDB
import Synchronization

// MARK: - Private

extension OutboxStore {
    static let selectPending = """
        SELECT p.id, p.title, p.body, p.tags, p.created_at, p.updated_at, p.version, p.deleted,
            EXISTS (SELECT 1 FROM outbox o WHERE o.document_id = p.id AND o.state = 'conflict') AS in_conflict
        FROM pending_document p
        """

    static let selectEntry = """
        SELECT seq, document_id, operation, payload, base_etag, idempotency_key, created_at, attempts, state,
            last_error, remote
        FROM outbox
        """

    static func pending(_ row: Row) -> (document: Document, deleted: Bool) {
        var document = Document(
            id: row[0], title: row[1], body: row[2], tags: (row[3] as String).split(separator: " ").map(String.init),
            createdAt: Date(timeIntervalSince1970: row[4]), updatedAt: Date(timeIntervalSince1970: row[5]),
            version: row[6])
        document.syncState = (row[8] as Bool) ? .conflict : .pending
        return (document, row[7] as Bool)
    }

    static func entry(_ row: Row) -> StoredEntry {
        let remote = (row[10] as Foundation.Data?).flatMap { try? decoder.decode(Document.self, from: $0) }
        return StoredEntry(
            entry: OutboxEntry(
                id: row[0], documentId: row[1], operation: OutboxEntry.Operation(rawValue: row[2]) ?? .update,
                state: OutboxEntry.State(rawValue: row[8]) ?? .pending, attempts: row[7], lastError: row[9],
                createdAt: Date(timeIntervalSince1970: row[6])),
            payload: row[3], baseETag: row[4], idempotencyKey: row[5], remote: remote)
    }

    static func savePending(_ document: Document, deleted: Bool, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO pending_document (id, title, body, tags, created_at, updated_at, version, deleted)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                document.id, document.title, document.body, document.tags.joined(separator: " "),
                document.createdAt.timeIntervalSince1970, document.updatedAt.timeIntervalSince1970, document.version,
                deleted,
            ])
    }

    static func append(
        _ operation: OutboxEntry.Operation, documentId: Int, payload: Foundation.Data?, base: String?, now: Date,
        _ db: Database
    ) throws {
        try db.execute(
            sql: """
                INSERT INTO outbox (document_id, operation, payload, base_etag, idempotency_key, created_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [documentId, operation.rawValue, payload, base, UUID().uuidString, now.timeIntervalSince1970])
    }

    static func dropPendingIfDone(_ id: Int, _ db: Database) throws {
        let remaining = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox WHERE document_id = ?", arguments: [id])
        if remaining == 0 { try db.execute(sql: "DELETE FROM pending_document WHERE id = ?", arguments: [id]) }
    }

    static func encode(_ value: some Encodable) throws(StorageError) -> Foundation.Data {
        do {
            return try encoder.encode(value)
        } catch {
            throw .failed("cannot encode an outbox entry: \(error)")
        }
    }

    static func decode<Value: Decodable>(_ type: Value.Type, _ data: Foundation.Data?) -> Value? {
        data.flatMap { try? decoder.decode(type, from: $0) }
    }

    private static var encoder: JSONEncoder { JSONCoding.encoder }

    private static var decoder: JSONDecoder { JSONCoding.decoder }

    /// Runs `updates` in one write transaction; afterwards the in-memory set of pending ids is
    /// corrected for `affecting` (the ids the updates may have added or removed), in O(ids).
    func write<Value>(affecting ids: [Int] = [], _ updates: (Database) throws -> Value) throws(StorageError) -> Value {
        do {
            let (value, present) = try database.pool.write { db in
                let value = try updates(db)
                guard !ids.isEmpty else { return (value, [Int]()) }
                let marks = ids.map { _ in "?" }.joined(separator: ", ")
                let present = try Int.fetchAll(
                    db, sql: "SELECT id FROM pending_document WHERE id IN (\(marks))",
                    arguments: StatementArguments(ids))
                return (value, present)
            }
            if !ids.isEmpty {
                pendingIDs.withLock { set in
                    set.subtract(ids)
                    set.formUnion(present)
                }
            }
            return value
        } catch {
            throw StorageError.wrap(error)
        }
    }

    func read<Value>(_ query: (Database) throws -> Value) throws(StorageError) -> Value {
        do {
            return try database.pool.read(query)
        } catch {
            throw StorageError.wrap(error)
        }
    }
}
