package import GRDB
import GRDBSQLite

/// Where a record writes its columns: GRDB's `PersistenceContainer`, or a batch's plain list.
///
/// A record that writes through this (``ColumnEncodable``) names its columns in one function for
/// both.
package protocol ColumnEncoding {
    /// The value of `column`.
    subscript(_ column: some ColumnExpression) -> (any DatabaseValueConvertible)? { get set }
}

extension PersistenceContainer: ColumnEncoding {}

/// A record that writes its columns through ``ColumnEncoding``; batches then skip building a
/// dictionary per row.
package protocol ColumnEncodable: MutablePersistableRecord {
    /// Writes every column.
    func encodeColumns(into columns: inout some ColumnEncoding)
}

extension ColumnEncodable {
    /// GRDB's encoding, through ``encodeColumns(into:)``.
    package func encode(to container: inout PersistenceContainer) {
        encodeColumns(into: &container)
    }

    /// Inserts `records`, replacing rows with the same key, up to 64 rows per statement.
    ///
    /// Each statement that runs costs GRDB's bookkeeping and its observers' checks, which a pull
    /// of 100k rows paid per row; a statement of many rows pays them once. The statement's columns
    /// come from the first record's own encoding, every row is checked to bring one value per
    /// column, and the values are bound without GRDB's checks. SQLite applies the rows in order,
    /// so a later row with the same key still replaces an earlier one, and its update hook and
    /// triggers see each row.
    static func replaceAll(_ records: some Collection<Self>, _ db: Database) throws {
        guard let first = records.first else { return }
        var layout = ColumnList()
        first.encodeColumns(into: &layout)
        let width = layout.names.count
        let rowsPerStatement = 64
        var row = ColumnValues()
        row.values.reserveCapacity(width)
        var values: [DatabaseValue] = []
        values.reserveCapacity(width * rowsPerStatement)
        for record in records {
            row.values.removeAll(keepingCapacity: true)
            record.encodeColumns(into: &row)
            guard row.values.count == width else {
                throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "a record wrote another set of columns")
            }
            values.append(contentsOf: row.values)
            if values.count == width * rowsPerStatement {
                try insertOrReplace(layout.names, rows: rowsPerStatement, values, db)
                values.removeAll(keepingCapacity: true)
            }
        }
        if !values.isEmpty { try insertOrReplace(layout.names, rows: values.count / width, values, db) }
    }
}

extension ColumnEncodable {
    /// Runs `INSERT OR REPLACE` of `rows` rows of `columns` with `values`, row after row.
    fileprivate static func insertOrReplace(
        _ columns: [String], rows: Int, _ values: [DatabaseValue], _ db: Database
    ) throws {
        let names = columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
        let row = "(\(databaseQuestionMarks(count: columns.count)))"
        let statement = try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO \(databaseTableName.quotedDatabaseIdentifier) (\(names)) \
                VALUES \(Array(repeating: row, count: rows).joined(separator: ", "))
                """)
        // GRDB's `StatementArguments` would copy every value through a key path (a fifth of
        // writing a page); the values are bound into SQLite's statement directly instead, after
        // the statement is reset and told that its arguments are set.
        statement.setUncheckedArguments(StatementArguments())
        for (index, value) in zip(CInt(1)..., values) {
            let code = value.bind(to: statement.sqliteStatement, at: index)
            guard code == SQLITE_OK else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "binding value \(index) failed")
            }
        }
        try statement.execute()
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
