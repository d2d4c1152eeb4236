import GRDB

extension AppDatabase {
    /// Runs `changed` when `table`'s columns are not the ones kept for it at an earlier launch (a
    /// migration added a field since), in the transaction that keeps the new ones.
    ///
    /// Rows cached before hold the new column's default, not the server's value, and a
    /// revalidation answered `304 Not Modified` would keep them so; `changed` drops what must be
    /// fetched again (ADR 0072). A table seen for the first time is only kept. A launch with the
    /// same columns only reads.
    func onColumnsChanged(of table: String, _ changed: (Database) throws -> Void) throws(StorageError) {
        let key = "columns:\(table)"
        func compared(_ db: Database) throws -> (columns: String, kept: String?) {
            (try db.columns(in: table).map(\.name).sorted().joined(separator: ","), try SyncValueRecord.value(key, db))
        }
        if let found = try? read({ db in try compared(db) }), found.kept == found.columns { return }
        try write { db in
            let (columns, kept) = try compared(db)
            guard kept != columns else { return }
            if kept != nil { try changed(db) }
            try SyncValueRecord.set(key, columns, db)
        }
    }
}
