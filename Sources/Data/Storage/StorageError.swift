public import Foundation
import GRDB

/// A failure of the on-device store, described for logs and startup errors.
public enum StorageError: Error, LocalizedError, Equatable, Sendable {
    /// The database could not be opened or migrated.
    case cannotOpen(path: String, reason: String)
    /// A read or write failed.
    case failed(String)
    /// A stored value could not be decoded.
    case corruptRow(String)

    /// A one-line description.
    public var errorDescription: String? {
        switch self {
        case .cannotOpen(let path, let reason): "cannot open the database '\(path)': \(reason)"
        case .failed(let reason): "storage failed: \(reason)"
        case .corruptRow(let reason): "a stored row is damaged: \(reason)"
        }
    }

    /// Wraps any error thrown by GRDB.
    static func wrap(_ error: any Error) -> StorageError {
        if let storage = error as? StorageError { return storage }
        if let database = error as? DatabaseError { return .failed(describe(database)) }
        if error is RowDecodingError { return .corruptRow("\(error)") }
        return .failed("\(error)")
    }

    /// A short reason for a SQLite error, naming the common startup problems plainly.
    static func describe(_ error: DatabaseError) -> String {
        switch error.resultCode {
        case .SQLITE_NOTADB: "the file is not a SQLite database"
        case .SQLITE_CORRUPT: "the database file is corrupt"
        case .SQLITE_CANTOPEN: "the file cannot be opened (check the folder exists and is writable)"
        case .SQLITE_READONLY, .SQLITE_PERM: "the file is not writable"
        case .SQLITE_FULL: "the disk is full"
        default: error.message ?? "\(error.resultCode)"
        }
    }
}
