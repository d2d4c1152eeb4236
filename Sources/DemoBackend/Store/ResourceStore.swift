import Foundation
import GRDB

/// The server's versioned JSON resources, generic over collections: every write bumps the
/// resource's version and the server's, keeps a tombstone for deletions, and never reuses an id.
final class ResourceStore: Sendable {
    let database: ServerDatabase
    let collections: [String: CollectionSpec]
    let tags: EntityTags
    let now: @Sendable () -> Date

    /// Opens the store over `database`; tags are made with the salt the database keeps, so
    /// opaque tags stay valid across restarts.
    init(
        database: ServerDatabase, collections: [CollectionSpec], style: DemoBackend.ValidatorStyle,
        now: @escaping @Sendable () -> Date
    ) throws {
        self.database = database
        self.collections = Dictionary(collections.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.now = now
        let salt = try database.pool.write { db in
            if let salt = try Int64.fetchOne(db, sql: "SELECT value FROM sequence WHERE name = 'salt'") { return salt }
            let salt = Int64.random(in: 1...Int64.max)
            try db.execute(sql: "INSERT INTO sequence (name, value) VALUES ('salt', ?)", arguments: [salt])
            return salt
        }
        tags = EntityTags(style: style, collections: collections, salt: UInt64(salt))
    }

    /// One stored resource.
    struct Stored: Sendable, Equatable {
        let id: Int
        let version: Int
        let representation: String
        let etag: String
        let deleted: Bool
    }

    /// Why a write was refused, as a status and a message.
    struct Refusal: Error, Equatable {
        let status: Int
        let message: String

        static func notFound(_ spec: CollectionSpec, _ id: Int) -> Refusal {
            Refusal(status: 404, message: "\(spec.singular) \(id) not found")
        }

        static func changed(_ spec: CollectionSpec, _ id: Int, since ifMatch: String) -> Refusal {
            Refusal(status: 412, message: "\(spec.singular) \(id) changed since \(ifMatch)")
        }
    }

    /// The resource `id` of `collection`, deleted or not.
    func get(_ collection: String, _ id: Int, _ db: Database) throws -> Stored? {
        try Row.fetchOne(
            try db.cachedStatement(
                sql: "SELECT id, version, representation, deleted FROM resource WHERE collection = ? AND id = ?"),
            arguments: [collection, id]
        ).map { row in
            let id = try row.decode(Int.self, forColumn: "id")
            let version = try row.decode(Int.self, forColumn: "version")
            return Stored(
                id: id, version: version, representation: try row.decode(String.self, forColumn: "representation"),
                etag: tags.tag(collection: collection, id: id, version: version),
                deleted: try row.decode(Bool.self, forColumn: "deleted"))
        }
    }

    /// Creates a resource from checked members.
    func create(_ spec: CollectionSpec, members: [String: JSONValue], _ transaction: Transaction) throws -> Stored {
        let id = try transaction.next(Self.idSequence(spec.name))
        let moment = now()
        return try write(
            spec, id: id, version: 1, members: members, createdAt: moment, updatedAt: moment, transaction)
    }

    /// Replaces a resource's members, when `ifMatch` (if any) is its current tag.
    func update(
        _ spec: CollectionSpec, id: Int, changes: [String: JSONValue], ifMatch: String?, _ transaction: Transaction
    ) throws -> Result<Stored, Refusal> {
        guard let current = try get(spec.name, id, transaction.db), !current.deleted else {
            return .failure(.notFound(spec, id))
        }
        // Content first: a change that breaks the rules is refused whichever version it names.
        if case .failure(let problem) = spec.validatedChange(changes, of: [:]) {
            return .failure(Refusal(status: 422, message: problem.message))
        }
        if let ifMatch, !Self.matches(ifMatch, current.etag) {
            return .failure(.changed(spec, id, since: ifMatch))
        }
        let (members, createdAt) = Self.fields(of: current.representation, spec)
        switch spec.validatedChange(changes, of: members) {
        case .failure(let problem): return .failure(Refusal(status: 422, message: problem.message))
        case .success(let merged):
            return .success(
                try write(
                    spec, id: id, version: current.version + 1, members: merged, createdAt: createdAt, updatedAt: now(),
                    transaction))
        }
    }

    /// Deletes a resource (a tombstone stays for the change list), when `ifMatch` matches.
    func delete(_ spec: CollectionSpec, id: Int, ifMatch: String?, _ transaction: Transaction) throws -> Refusal? {
        guard let current = try get(spec.name, id, transaction.db), !current.deleted else {
            return .notFound(spec, id)
        }
        if let ifMatch, !Self.matches(ifMatch, current.etag) {
            return .changed(spec, id, since: ifMatch)
        }
        let version = try transaction.next(Self.versionSequence(spec.name))
        try transaction.db.execute(
            sql: "UPDATE resource SET deleted = 1, changed_at = ?, updated_at = ? WHERE collection = ? AND id = ?",
            arguments: [version, now().timeIntervalSince1970, spec.name, id])
        return nil
    }

    /// Whether an `If-Match` value names the tag (`*` names any).
    static func matches(_ ifMatch: String, _ etag: String) -> Bool {
        ifMatch.split(separator: ",").contains { candidate in
            let trimmed = candidate.trimmingCharacters(in: .whitespaces)
            return trimmed == "*" || trimmed == etag
        }
    }
}

// MARK: - Transactions

extension ResourceStore {
    /// One write transaction on the store: its connection, and the sequences it draws numbers
    /// from (ids and change numbers).
    ///
    /// A sequence is read at its first draw and counted on in memory; ``ResourceStore/writing(_:)``
    /// writes the last numbers back before the transaction commits. A batch of 500 creates draws
    /// 1,000 numbers: that is four statements, where a statement per draw was a fifth of the
    /// server's time. Other servers on the same folder wait for the write lock, so no one else
    /// draws in between; a transaction that fails rolls back and draws nothing.
    final class Transaction {
        /// The connection, inside the transaction.
        let db: Database
        /// The last number drawn from each sequence, not yet written back.
        private var drawn: [String: Int] = [:]

        fileprivate init(_ db: Database) {
            self.db = db
        }

        /// The next number of a sequence (a new sequence starts at 1).
        func next(_ name: String) throws -> Int {
            let last =
                try drawn[name]
                ?? Int.fetchOne(
                    db.cachedStatement(sql: "SELECT value FROM sequence WHERE name = ?"), arguments: [name]) ?? 0
            drawn[name] = last + 1
            return last + 1
        }

        /// Writes the last number drawn from each sequence (a statement that changes the
        /// sequences' table itself comes after this).
        func saveDraws() throws {
            for (name, value) in drawn {
                try db.cachedStatement(
                    sql: """
                        INSERT INTO sequence (name, value) VALUES (?, ?)
                        ON CONFLICT (name) DO UPDATE SET value = excluded.value
                        """
                ).execute(arguments: [name, value])
            }
            drawn = [:]
        }
    }

    /// Runs `body` in a write transaction and writes back the numbers it drew; every write to the
    /// resources goes through here.
    func writing<T>(_ body: (Transaction) throws -> T) throws -> T {
        try database.pool.write { db in
            let transaction = Transaction(db)
            let result = try body(transaction)
            try transaction.saveDraws()
            return result
        }
    }
}

// MARK: - Private

extension ResourceStore {
    /// Writes version `version` of a resource and bumps the server's version.
    func write(
        _ spec: CollectionSpec, id: Int, version: Int, members: [String: JSONValue], createdAt: Date, updatedAt: Date,
        _ transaction: Transaction
    ) throws -> Stored {
        var full = members
        full["id"] = .integer(id)
        full["version"] = .integer(version)
        full["createdAt"] = .string(ServerJSON.timestamp(createdAt))
        full["updatedAt"] = .string(ServerJSON.timestamp(updatedAt))
        var summary = members.filter { name, _ in spec.fields.contains { $0.name == name && $0.inSummary } }
        for key in ["id", "version", "createdAt", "updatedAt"] { summary[key] = full[key] }
        let representation = ServerJSON.text(JSONValue.object(full))
        let changedAt = try transaction.next(Self.versionSequence(spec.name))
        try transaction.db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO resource
                    (collection, id, version, representation, summary, search, updated_at, changed_at, deleted)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)
                """
        ).execute(
            arguments: [
                spec.name, id, version, representation, ServerJSON.text(JSONValue.object(summary)),
                spec.searchText(members), updatedAt.timeIntervalSince1970, changedAt,
            ])
        return Stored(
            id: id, version: version, representation: representation,
            etag: tags.tag(collection: spec.name, id: id, version: version), deleted: false)
    }

    /// The fields of a stored representation, and when the resource was created.
    private static func fields(of representation: String, _ spec: CollectionSpec) -> ([String: JSONValue], Date) {
        let object = JSONValue.parse(Data(representation.utf8))?.object ?? [:]
        let created = object["createdAt"]?.string.flatMap { try? Date($0, strategy: .iso8601) } ?? Date()
        return (object.filter { name, _ in spec.fields.contains { $0.name == name } }, created)
    }
}
