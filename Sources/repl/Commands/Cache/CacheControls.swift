import Foundation
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

    /// Empties the on-device tier of every source.
    func clearDisk() async -> DataSourceError? {
        do {
            try await stack.clearLocal()
            return nil
        } catch {
            return error
        }
    }
}
