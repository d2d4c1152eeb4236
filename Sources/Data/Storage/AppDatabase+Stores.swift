public import Domain
import GRDB

extension AppDatabase {
    /// The cached documents, one row each in `document`.
    public func documentStore() -> some LocalStore<Document.ID, Document> {
        RecordStore<DocumentRecord>(database: self)
    }

    /// The cached lists and search results, one row each in `document_list`.
    public func documentListStore() -> some LocalStore<DocumentListQuery, [DocumentSummary]> {
        RecordStore<DocumentListRecord>(database: self)
    }

    /// The cached user profiles, one row each in `user`.
    public func userStore() -> some LocalStore<User.ID, User> {
        RecordStore<UserRecord>(database: self)
    }
}
