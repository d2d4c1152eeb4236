import Foundation
import GRDB
import GRDBSQLite
import Synchronization

/// A dedicated read connection for point lookups, with prepared statements kept for the process.
///
/// GRDB's `DatabasePool.read` adds a reader checkout, a queue hop and BEGIN/COMMIT to each
/// lookup, so hot reads use this connection (ADR 0010). Rows are still read by column name, through the records' own decoding.
///
/// Lookups share a read snapshot for at most `snapshotMilliseconds` (ADR 0035, which has the
/// figures): beginning and ending a read transaction costs more than a lookup. A commit to the file by this process ends the
/// snapshot before the next lookup, so reads follow this process's writes at once; other
/// processes' writes show within the lifetime; an idle snapshot is ended so checkpoints proceed.
// @unchecked: `handle`, `statements` and `snapshot` are only touched while `lock` is held.
final class SQLiteHotReader: @unchecked Sendable {
    /// How long lookups may share one read snapshot, in milliseconds.
    private let snapshotMilliseconds: Int

    private let lock = Mutex(())
    private let handle: OpaquePointer
    private var statements: [HotSQL: PreparedStatement] = [:]
    private let commits: CommitCounter
    private let clock = ContinuousClock()
    /// The open read snapshot: the commit count before it began, and when it began.
    private var snapshot: (commits: Int, began: ContinuousClock.Instant)?

    /// Opens a second connection to the database file at `path`, whose commits `commits` counts;
    /// lookups share a snapshot for `snapshotMilliseconds` at most.
    init(path: String, commits: CommitCounter, snapshotMilliseconds: Int = 10) throws(StorageError) {
        self.commits = commits
        self.snapshotMilliseconds = snapshotMilliseconds
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
        guard sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw .cannotOpen(path: path, reason: message)
        }
        sqlite3_busy_timeout(handle, 5000)
        self.handle = handle
    }

    deinit {
        if snapshot != nil { sqlite3_exec(handle, "COMMIT", nil, nil, nil) }
        for statement in statements.values { sqlite3_finalize(statement.pointer) }
        sqlite3_close_v2(handle)
    }

    /// Runs `sql` with `arguments` and decodes the first row, if any.
    func first<Value: Sendable>(
        _ sql: HotSQL, arguments: [DatabaseValue], decode: (HotRow) throws -> Value
    ) throws(StorageError) -> Value? {
        try lock.withLock { _ throws(StorageError) -> Value? in
            try beginSnapshotIfNeeded()
            do throws(StorageError) {
                return try step(sql, arguments: arguments, decode: decode)
            } catch {
                endSnapshot()
                throw error
            }
        }
    }

    /// Runs `sql` and decodes its first row.
    ///
    /// Call only with `lock` held.
    private func step<Value: Sendable>(
        _ sql: HotSQL, arguments: [DatabaseValue], decode: (HotRow) throws -> Value
    ) throws(StorageError) -> Value? {
        let statement = try prepared(sql)
        statement.nextLookup = 0
        defer {
            sqlite3_reset(statement.pointer)
            sqlite3_clear_bindings(statement.pointer)
        }
        for (offset, argument) in arguments.enumerated() {
            _ = argument.bind(to: statement.pointer, at: Int32(offset + 1))
        }
        switch sqlite3_step(statement.pointer) {
        case SQLITE_ROW:
            statement.followSchema()
            do {
                return try decode(HotRow(statement: statement))
            } catch let error as StorageError {
                throw error
            } catch {
                throw .corruptRow("\(error)")  // the row is there but does not decode
            }
        case SQLITE_DONE: return nil
        default: throw .failed(String(cString: sqlite3_errmsg(handle)))
        }
    }

    /// Whether lookups are sharing a read snapshot now (for tests).
    var holdsSnapshot: Bool { lock.withLock { _ in snapshot != nil } }

    /// A prepared statement, the index of each of its result columns by name, and the names
    /// the last row was asked for, in order.
    ///
    /// A record reads its columns in the same order every time, so the n-th lookup of a row is
    /// first compared with the n-th of the previous row (two equal constant names compare in a
    /// few instructions) before the names are hashed. The answer is the same either way.
    // @unchecked: only touched while the reader's lock is held.
    final class PreparedStatement: @unchecked Sendable {
        let pointer: OpaquePointer
        private var columns: [String: Int32]
        private var lookups: [(name: String, index: Int32)] = []
        var nextLookup = 0
        /// How often SQLite had prepared the statement again when its columns were read.
        private var reprepares: Int32

        init(pointer: OpaquePointer) {
            self.pointer = pointer
            columns = Self.columns(of: pointer)
            reprepares = sqlite3_stmt_status(pointer, SQLITE_STMTSTATUS_REPREPARE, 0)
        }

        /// Reads the result columns again when SQLite prepared the statement again since.
        ///
        /// That happens when another connection changed the schema (a newer build's migration):
        /// `t.*` may name more columns now, and the ones after it moved, so indexes kept from
        /// before would read the wrong columns.
        func followSchema() {
            let count = sqlite3_stmt_status(pointer, SQLITE_STMTSTATUS_REPREPARE, 0)
            guard count != reprepares else { return }
            (reprepares, columns, lookups) = (count, Self.columns(of: pointer), [])
        }

        /// The index of each result column of `pointer`, by its name and its lowercased name.
        private static func columns(of pointer: OpaquePointer) -> [String: Int32] {
            var columns: [String: Int32] = [:]
            for index in 0..<sqlite3_column_count(pointer) {
                guard let name = sqlite3_column_name(pointer, index) else { continue }
                let text = String(cString: name)
                if columns[text] == nil { columns[text] = index }
                if columns[text.lowercased()] == nil { columns[text.lowercased()] = index }
            }
            return columns
        }

        /// The index of the result column `name`, if the statement has one.
        func index(of name: String) -> Int32? {
            let position = nextLookup
            nextLookup += 1
            if position < lookups.count, lookups[position].name == name { return lookups[position].index }
            guard let index = columns[name] ?? columns[name.lowercased()] else { return nil }
            if position < lookups.count {
                lookups[position] = (name, index)
            } else if position == lookups.count {
                lookups.append((name, index))
            }
            return index
        }
    }
}

/// The text of a hot-path statement, hashed once: the reader finds its prepared statement
/// by this key on every lookup, and hashing a long SELECT each time cost more than the lookup.
struct HotSQL: Hashable, Sendable {
    let text: String
    private let hash: Int

    init(_ text: String) {
        self.text = text
        hash = text.hashValue
    }

    static func == (left: HotSQL, right: HotSQL) -> Bool { left.hash == right.hash && left.text == right.text }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

/// The row a hot-path statement is positioned on, read by column name like GRDB's `Row`.
///
/// Valid only inside the closure it is passed to: the statement moves on afterwards.
struct HotRow: ColumnDecoding {
    let statement: SQLiteHotReader.PreparedStatement

    func decode<Value: DatabaseValueConvertible>(
        _ type: Value.Type, forColumn column: some ColumnExpression
    ) throws -> Value {
        guard let index = statement.index(of: column.name) else {
            throw StorageError.corruptRow("no column '\(column.name)'")
        }
        guard let value = Value.fromDatabaseValue(databaseValue(at: index)) else {
            throw StorageError.corruptRow("column '\(column.name)' does not hold a \(Value.self)")
        }
        return value
    }

    private func databaseValue(at index: Int32) -> DatabaseValue {
        let pointer = statement.pointer
        switch sqlite3_column_type(pointer, index) {
        case SQLITE_INTEGER: return sqlite3_column_int64(pointer, index).databaseValue
        case SQLITE_FLOAT: return sqlite3_column_double(pointer, index).databaseValue
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(pointer, index) else { return .null }
            let count = Int(sqlite3_column_bytes(pointer, index))
            return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self).databaseValue
        case SQLITE_BLOB:
            guard let bytes = sqlite3_column_blob(pointer, index) else { return Foundation.Data().databaseValue }
            return Foundation.Data(bytes: bytes, count: Int(sqlite3_column_bytes(pointer, index))).databaseValue
        default: return .null
        }
    }
}

// MARK: - Private

extension SQLiteHotReader {
    /// Ends a snapshot that is too old or older than a commit of this process; begins one if none is open.
    ///
    /// Call only with `lock` held.
    private func beginSnapshotIfNeeded() throws(StorageError) {
        let committed = commits.value  // read before BEGIN: a commit after it ends the snapshot
        let now = clock.now
        if let open = snapshot,
            open.commits != committed || open.began.duration(to: now) >= .milliseconds(snapshotMilliseconds)
        {
            endSnapshot()
        }
        guard snapshot == nil else { return }
        guard sqlite3_exec(handle, "BEGIN DEFERRED", nil, nil, nil) == SQLITE_OK else {
            throw .failed(String(cString: sqlite3_errmsg(handle)))
        }
        snapshot = (committed, now)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(snapshotMilliseconds)) {
            [weak self] in self?.endSnapshot(began: now)
        }
    }

    /// Ends the snapshot that began at `began`, if it is still open (the timer each snapshot sets,
    /// so that an idle one never holds back checkpoints).
    private func endSnapshot(began: ContinuousClock.Instant) {
        lock.withLock { _ in
            if snapshot?.began == began { endSnapshot() }
        }
    }

    /// Call only with `lock` held and no statement running.
    private func endSnapshot() {
        guard snapshot != nil else { return }
        snapshot = nil
        if sqlite3_get_autocommit(handle) == 0 { sqlite3_exec(handle, "COMMIT", nil, nil, nil) }
    }

    /// Call only with `lock` held.
    private func prepared(_ sql: HotSQL) throws(StorageError) -> PreparedStatement {
        if let statement = statements[sql] { return statement }
        var pointer: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql.text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil)
        guard status == SQLITE_OK, let pointer else { throw .failed(String(cString: sqlite3_errmsg(handle))) }
        let statement = PreparedStatement(pointer: pointer)
        statements[sql] = statement
        return statement
    }
}
