public import Domain
import GRDB

extension AppDatabase {
    /// The cached user profiles, one row each in `user`.
    public func userStore() -> some LocalStore<User.ID, User> {
        RecordStore<UserRecord>(database: self)
    }
}
