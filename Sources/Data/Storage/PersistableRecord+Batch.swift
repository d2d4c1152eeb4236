import GRDB
import GRDBSQLite

/// Where a record writes its columns: GRDB's `PersistenceContainer`, or a batch's plain list.
///
/// A record that writes through this (``ColumnEncodable``) names its columns in one function for
/// both.
protocol ColumnEncoding {
    /// The value of `column`.
    subscript(_ column: some ColumnExpression) -> (any DatabaseValueConvertible)? { get set }
}

extension PersistenceContainer: ColumnEncoding {}

/// A record that writes its columns through ``ColumnEncoding``; batches then skip building a
/// dictionary per row.
protocol ColumnEncodable: MutablePersistableRecord {
    /// Writes every column.
    func encodeColumns(into columns: inout some ColumnEncoding)
}

extension ColumnEncodable {
    /// GRDB's encoding, through ``encodeColumns(into:)``.
    func encode(to container: inout PersistenceContainer) {
        encodeColumns(into: &container)
    }

    /// Inserts `records`, replacing rows with the same key, through one cached statement.
    ///
    /// The values are bound without GRDB's per-row checks (a pull writes 100k rows this way): the
    /// statement's columns come from the first record's own encoding, every row is checked to
    /// bring one value per column, and rows after the first are bound through SQLite's C API on
    /// GRDB's statement, which GRDB then runs (so its update hook and observers still see them).
    static func replaceAll(_ records: some Collection<Self>, _ db: Database) throws {
        guard let first = records.first else { return }
        var layout = ColumnList()
        first.encodeColumns(into: &layout)
        let statement = try insertOrReplace(layout.names, db)
        var row = ColumnValues()
        row.values.reserveCapacity(layout.names.count)
        for (offset, record) in records.enumerated() {
            row.values.removeAll(keepingCapacity: true)
            record.encodeColumns(into: &row)
            guard row.values.count == layout.names.count else {
                throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "a record wrote another set of columns")
            }
            if offset == 0 {
                // The first row goes through GRDB, which then counts the statement's arguments
                // as bound; each later row replaces every value in place.
                statement.setUncheckedArguments(StatementArguments(row.values))
            } else {
                // GRDB's `execute()` resets the statement and steps it with what is bound now.
                sqlite3_reset(statement.sqliteStatement)
                for (column, value) in row.values.enumerated() {
                    let code = value.bind(to: statement.sqliteStatement, at: Int32(column + 1))
                    guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
                }
            }
            try statement.execute()
        }
    }
}

extension ColumnEncodable {
    fileprivate static func insertOrReplace(_ columns: [String], _ db: Database) throws -> Statement {
        let names = columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
        return try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO \(databaseTableName.quotedDatabaseIdentifier) (\(names)) \
                VALUES (\(databaseQuestionMarks(count: columns.count)))
                """)
    }
}

/// A row's values in the order the record writes them (the names are the first row's).
private struct ColumnValues: ColumnEncoding {
    var values: [DatabaseValue] = []

    subscript(_ column: some ColumnExpression) -> (any DatabaseValueConvertible)? {
        get { nil }
        set { values.append(newValue?.databaseValue ?? .null) }
    }
}

/// Column names and values in the order a record writes them.
private struct ColumnList: ColumnEncoding {
    var names: [String] = []
    var values: [DatabaseValue] = []

    subscript(_ column: some ColumnExpression) -> (any DatabaseValueConvertible)? {
        get { names.firstIndex(of: column.name).map { values[$0] } }
        set {
            names.append(column.name)
            values.append(newValue?.databaseValue ?? .null)
        }
    }
}
