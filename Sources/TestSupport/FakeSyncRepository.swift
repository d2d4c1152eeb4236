public import Domain

/// A scriptable ``SyncRepositoryProtocol`` for use-case and view-model tests.
public actor FakeSyncRepository: SyncRepositoryProtocol {
    /// The conflicts it reports, of every collection.
    public private(set) var stored: [ItemConflict]
    /// The policy of each collection it syncs (documents only, unless a test adds one).
    public private(set) var policies = [QueuedChange.documents: ConflictPolicy.manual]
    /// Entries resolved so far, with the side kept.
    public private(set) var resolved: [(Int, ConflictResolution)] = []
    /// What ``sync(progress:)`` reports along the way and at the end.
    private var script: (progress: [SyncProgress], outcome: Result<SyncReport, SyncError>) = (
        [], .success(SyncReport())
    )

    /// Creates a fake reporting `conflicts`.
    public init(conflicts: [ItemConflict] = []) {
        stored = conflicts
    }

    /// Makes the next syncs report `progress`, then end with `outcome`.
    public func script(progress: [SyncProgress], outcome: Result<SyncReport, SyncError>) {
        script = (progress, outcome)
    }

    /// Reports the scripted progress and outcome.
    public func sync(progress: @escaping @Sendable (SyncProgress) -> Void) async throws(SyncError) -> SyncReport {
        for step in script.progress { progress(step) }
        return try script.outcome.get()
    }
    /// An empty report.
    public func pull() async throws(SyncError) -> SyncReport { SyncReport() }
    /// The scripted outcome, without progress (pushes send nothing else).
    public func push() async throws(SyncError) -> SyncReport { try script.outcome.get() }
    /// Nothing to resume.
    public func resumeIfNeeded() async -> Result<SyncReport, SyncError>? { nil }
    /// Counts the conflicts only.
    public func status() async -> SyncStatus {
        SyncStatus(pending: 0, parked: 0, conflicts: stored.count, lastSyncAt: nil, serverVersion: 0, network: .online)
    }
    /// No entries.
    public func outbox() async throws(SyncError) -> [QueuedChange] { [] }
    /// Refuses: no entries.
    public func retry(entryId: Int) async throws(SyncError) { throw .noSuchEntry(entryId) }
    /// Refuses: no entries.
    public func discard(entryId: Int) async throws(SyncError) { throw .noSuchEntry(entryId) }
    /// The stored conflicts.
    public func conflicts() async throws(SyncError) -> [ItemConflict] { stored }
    /// The stored conflict on item `itemId` of `collection`.
    public func conflict(collection: String, itemId: Int) async throws(SyncError) -> ItemConflict? {
        stored.first { $0.collection == collection && $0.itemId == itemId }
    }
    /// Reports `conflict` too: a feature's item, or a document.
    public func add(_ conflict: ItemConflict) { stored.append(conflict) }
    /// Drops the conflict and returns the item's identifier, `nil` when the side kept is a
    /// deletion; a deletion made here has no merge, as the engine says.
    public func resolve(entryId: Int, keeping resolution: ConflictResolution) async throws(SyncError) -> Int? {
        guard let index = stored.firstIndex(where: { $0.entryId == entryId }) else { throw .noSuchEntry(entryId) }
        let conflict = stored[index]
        if case .merged = resolution, conflict.local == nil {
            throw .invalidMerge("this device deletes the item; keep local or remote")
        }
        stored.remove(at: index)
        resolved.append((entryId, resolution))
        return (resolution == .remote ? conflict.remote : conflict.local).map { _ in conflict.itemId }
    }
    /// The stored policy of `collection`.
    public func conflictPolicy(of collection: String) async -> ConflictPolicy? { policies[collection] }
    /// Stores the policy of a collection it syncs.
    public func setConflictPolicy(_ policy: ConflictPolicy, for collection: String) async -> Bool {
        guard policies[collection] != nil else { return false }
        policies[collection] = policy
        return true
    }
}
