import Synchronization

/// The changes this process's pushes settled in one collection, until the pull brings them back.
///
/// The change list holds every change, this device's own among them, and the pull writes them all
/// (the row may lack a column a migration added, ADR 0072). A sync's report counts only what
/// changed elsewhere: the pull asks here whether the version it writes, or the deletion, is one
/// this process pushed. Another process's pushes on the same home count as pulled.
final class SettledHere: Sendable {
    private struct Settled {
        var versions: [Int: Int] = [:]
        var deletions: Set<Int> = []
    }

    private let settled = Mutex(Settled())

    /// More than this many unclaimed changes and they are all forgotten: a device that pushes and
    /// never pulls must not keep them without end (the report then counts them as pulled).
    private static let limit = 100_000

    /// Remembers the versions the server gave items `versions` holds, and the items `deleted`.
    func remember(versions: [(id: Int, version: Int)], deleted: [Int]) {
        guard !versions.isEmpty || !deleted.isEmpty else { return }
        settled.withLock { settled in
            if settled.versions.count + settled.deletions.count + versions.count + deleted.count > Self.limit {
                settled = Settled()
            }
            for (id, version) in versions { settled.versions[id] = version }
            settled.deletions.formUnion(deleted)
        }
    }

    /// How many of the changes a pull brings this process pushed itself; each is claimed once.
    ///
    /// A version the pull reached or passed is forgotten either way: a newer one changed
    /// elsewhere, and no later page brings back the one this process pushed.
    func claim(versions: some Sequence<(id: Int, version: Int)>, deleted: some Sequence<Int>) -> (
        written: Int, deleted: Int
    ) {
        settled.withLock { settled in
            guard !settled.versions.isEmpty || !settled.deletions.isEmpty else { return (0, 0) }
            var own = (written: 0, deleted: 0)
            for (id, version) in versions {
                guard let pushed = settled.versions[id], version >= pushed else { continue }
                settled.versions[id] = nil
                if version == pushed { own.written += 1 }
            }
            for id in deleted where settled.deletions.remove(id) != nil { own.deleted += 1 }
            return own
        }
    }
}
