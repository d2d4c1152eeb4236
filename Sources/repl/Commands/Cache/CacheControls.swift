import Domain
import Foundation
import StrataData

/// What `cache stats` and `cache clear` act on.
struct CacheControls {
    let documents: any CachedReading<Int, Document>
    let lists: any CachedReading<DocumentListQuery, [DocumentSummary]>
    let users: any CachedReading<Int, User>
    let databaseURL: URL

    /// The combined statistics of every source.
    func statistics() async -> DataSourceStatistics {
        await documents.statistics() + lists.statistics() + users.statistics()
    }

    /// The database's size on disk, WAL included.
    func databaseBytes() -> Int {
        [databaseURL.path, databaseURL.path + "-wal"].reduce(0) { total, path in
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
            return total + (size ?? 0)
        }
    }

    /// Empties the memory tier of every source.
    func clearMemory() {
        documents.evacuateMemory()
        lists.evacuateMemory()
        users.evacuateMemory()
    }

    /// Empties the on-device tier of every source.
    func clearDisk() async -> DataSourceError? {
        do {
            try await documents.clearLocal()
            try await lists.clearLocal()
            try await users.clearLocal()
            return nil
        } catch {
            return error
        }
    }
}
