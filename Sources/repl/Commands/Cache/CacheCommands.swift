import ShellKit
import StrataData

extension CommandGroup {
    /// The data sources' cache tiers.
    static let cache = CommandGroup("Cache")
}

/// The `cache` commands: see and empty the data sources' tiers.
enum CacheCommands {
    /// Every `cache` command, in help order.
    static var all: [Command] { [stats, clear] }
}

// MARK: - Private

extension CacheCommands {
    private struct TierJSON: Encodable {
        let hits: Int
        let misses: Int
        let entries: Int
        let bytes: Int
    }

    private struct NetworkJSON: Encodable {
        let requests: Int
        let revalidations: Int
    }

    private struct StatsJSON: Encodable {
        let memory: TierJSON
        let disk: TierJSON
        let network: NetworkJSON
        let memoryLimit: LimitJSON
    }

    private struct LimitJSON: Encodable {
        let entries: Int
        let bytes: Int
    }

    private static let stats = Command(
        name: "cache stats", group: .cache, summary: "Show hits, misses and sizes of each cache tier",
        examples: ["cache stats"]
    ) { context, _ throws(CommandFailure) in
        let stats = await context.caches.statistics()
        let diskBytes = context.caches.databaseBytes()
        let memory = TierJSON(
            hits: stats.memoryHits, misses: stats.memoryMisses, entries: stats.memoryEntries, bytes: stats.memoryBytes
        )
        let disk = TierJSON(
            hits: stats.diskHits, misses: stats.diskMisses, entries: stats.diskEntries, bytes: diskBytes)
        let rows =
            [["TIER", "HITS", "MISSES", "ENTRIES", "BYTES"]]
            + [("memory", memory), ("disk", disk)].map { name, tier in
                [name, String(tier.hits), String(tier.misses), String(tier.entries), String(tier.bytes)]
            }
        let requests = stats.networkRequests == 1 ? "1 request" : "\(stats.networkRequests) requests"
        let network = "network: \(requests), \(stats.revalidations) answered 304 Not Modified"
        let limits = context.caches.memoryLimits
        let limit =
            "memory limit per source: \(limits.countLimit) entries or \(limits.costLimit / 1_048_576) MiB"
        return .rendered(
            table: TextTable.render(rows: rows) + "\n" + network + "\n" + limit,
            plain: rows.dropFirst().map { $0.joined(separator: "\t") }.joined(separator: "\n")
                + "\nnetwork\t\(stats.networkRequests)\t\(stats.revalidations)",
            json: JSONOutput.encode(
                StatsJSON(
                    memory: memory, disk: disk,
                    network: NetworkJSON(requests: stats.networkRequests, revalidations: stats.revalidations),
                    memoryLimit: LimitJSON(entries: limits.countLimit, bytes: limits.costLimit))))
    }

    private static let clear = Command(
        name: "cache clear", group: .cache, summary: "Empty the memory tier, the disk tier, or both",
        arguments: [ArgumentSpec(name: "TIER", isOptional: true, completion: .values(Tier.allCases.map(\.rawValue)))],
        examples: ["cache clear memory", "cache clear"]
    ) { context, arguments throws(CommandFailure) in
        let tier = arguments.value("TIER") == nil ? .all : try arguments.choice("TIER", as: Tier.self, label: "tier")
        switch tier {
        case .memory:
            context.caches.clearMemory()
            return .message("Cleared the memory cache.")
        case .disk:
            try await context.caches.clearDisk()
            return .message("Cleared the disk cache.")
        case .all:
            context.caches.clearMemory()
            try await context.caches.clearDisk()
            return .message("Cleared the memory and disk caches.")
        }
    }

    /// What `cache clear` empties.
    private enum Tier: String, CaseIterable {
        case memory, disk, all
    }
}
