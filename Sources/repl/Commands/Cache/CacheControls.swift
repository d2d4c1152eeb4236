import Foundation
import ShellKit
import StrataData

/// What `cache stats` and `cache clear` act on: every data source of the stack, and the file.
struct CacheControls {
    let stack: DataStack

    /// The combined statistics of every source.
    func statistics() async -> DataSourceStatistics {
        await stack.statistics()
    }

    /// The database's size on disk, WAL included.
    func databaseBytes() -> Int {
        stack.database.fileBytes()
    }

    /// The limits of each source's memory tier (from `--context`).
    var memoryLimits: MemoryCacheLimits { stack.memoryLimits }

    /// Empties the memory tier of every source; returns the bytes they held.
    @discardableResult
    func clearMemory() -> Int {
        stack.evacuateMemory()
    }

    /// Empties the memory tiers marked for it, as the app enters the background; returns the
    /// bytes they held.
    @discardableResult
    func evacuateForBackground() -> Int {
        stack.evacuateForBackground()
    }

    /// Empties the on-device tier of every source, or says why it could not.
    func clearDisk() async throws(CommandFailure) {
        do {
            try await stack.clearLocal()
        } catch {
            throw Self.failure(error)
        }
    }

    /// Why the disk tier was not cleared, in one line (`cannot clear the disk cache: storage
    /// failed: the disk is full`), not the error's Swift description.
    static func failure(_ error: DataSourceError) -> CommandFailure {
        let reason =
            switch error {
            case .storage(let storage): storage.errorDescription ?? "storage failed"
            case .remote, .notCached, .invalidCursor, .noWordsOnDevice: "the device's storage failed"
            }
        return CommandFailure("cannot clear the disk cache: \(reason)")
    }
}
