public import Domain
import GRDB

extension AppDatabase {
    /// The cached user profiles, one row each in `user`; after a migration changed the table,
    /// none of those cached before (``onColumnsChanged(of:_:)``).
    public func userStore() -> some LocalStore<User.ID, User> {
        try? onColumnsChanged(of: UserRecord.databaseTableName) { db in try RecordStore<UserRecord>.removeAll(db) }
        return RecordStore<UserRecord>(database: self)
    }
}
