import Foundation
import StrataData

/// What `cache stats` and `cache clear` act on: every data source of the stack, and the file.
struct CacheControls {
    let stack: DataStack
    let databaseURL: URL

    /// The combined statistics of every source.
    func statistics() async -> DataSourceStatistics {
        await stack.statistics()
    }

    /// The database's size on disk, WAL included.
    func databaseBytes() -> Int {
        [databaseURL.path, databaseURL.path + "-wal"].reduce(0) { total, path in
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
            return total + (size ?? 0)
        }
    }

    /// The limits of each source's memory tier (from `--context`).
    var memoryLimits: MemoryCacheLimits { stack.memoryLimits }

    /// Empties the memory tier of every source.
    func clearMemory() {
        stack.evacuateMemory()
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
