import GRDB

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
protocol ColumnEncodable: PersistableRecord {
    /// Writes every column.
    func encodeColumns(into columns: inout some ColumnEncoding)
}

extension ColumnEncodable {
    /// GRDB's encoding, through ``encodeColumns(into:)``.
    func encode(to container: inout PersistenceContainer) {
        encodeColumns(into: &container)
    }

    /// Inserts `records`, replacing rows with the same key, through one cached statement.
    static func replaceAll(_ records: some Collection<Self>, _ db: Database) throws {
        guard let first = records.first else { return }
        var layout = ColumnList()
        first.encodeColumns(into: &layout)
        let statement = try insertOrReplace(layout.names, db)
        for record in records {
            var row = ColumnList()
            record.encodeColumns(into: &row)
            try statement.execute(arguments: StatementArguments(row.values))
        }
    }
}

extension PersistableRecord {
    /// Inserts `records`, replacing rows with the same key, through one cached statement.
    ///
    /// GRDB's `upsert` builds its SQL for every record; a batch pays for that once here. The
    /// columns come from the records' own encoding, so the statement never disagrees with them.
    static func replaceAll(_ records: some Collection<Self>, _ db: Database) throws {
        guard let first = records.first else { return }
        let columns = try first.databaseDictionary.keys.sorted()
        let statement = try insertOrReplace(columns, db)
        for record in records {
            let values = try record.databaseDictionary
            try statement.execute(arguments: StatementArguments(columns.map { values[$0] ?? .null }))
        }
    }

    fileprivate static func insertOrReplace(_ columns: [String], _ db: Database) throws -> Statement {
        let names = columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
        return try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO \(databaseTableName.quotedDatabaseIdentifier) (\(names)) \
                VALUES (\(databaseQuestionMarks(count: columns.count)))
                """)
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
