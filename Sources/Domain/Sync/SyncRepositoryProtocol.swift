/// Sends queued changes to the server and brings the server's changes here; implemented in Data.
public protocol SyncRepositoryProtocol: Sendable {
    /// Pushes the outbox in order, then pulls the server's changes since the last sync,
    /// reporting progress after each change sent or page pulled.
    func sync(progress: @escaping @Sendable (SyncProgress) -> Void) async throws(SyncError) -> SyncReport
    /// Pulls the server's changes since the last sync (what a background refresh does).
    func pull() async throws(SyncError) -> SyncReport
    /// Sends the outbox and nothing else (what the app does with its background time).
    func push() async throws(SyncError) -> SyncReport
    /// Sends what queued up while the server could not be reached, if it answered again since
    /// the last call and changes wait; `nil` when there was nothing to do. Apps call this when
    /// they are idle (the shell after each command, an iOS app when it becomes active): the
    /// engine decides whether a sync is due.
    func resumeIfNeeded() async -> Result<SyncReport, SyncError>?
    /// Counts, versions and the network status.
    func status() async -> SyncStatus
    /// Every change waiting to be sent, of every collection, oldest first.
    func outbox() async throws(SyncError) -> [QueuedChange]
    /// Puts a parked change back in the queue and tries to send it.
    func retry(entryId: Int) async throws(SyncError)
    /// Drops a parked change, with the item's other unsent changes: the item is the server's
    /// version again.
    func discard(entryId: Int) async throws(SyncError)
    /// The conflicts waiting for the user, of every collection, oldest first; one whose versions
    /// no longer read is parked with the reason instead, so it cannot hide the others.
    func conflicts() async throws(SyncError) -> [ItemConflict]
    /// The conflict on item `itemId` of `collection` (documents, or a feature's), as fields;
    /// `nil` when it is in none.
    func conflict(collection: String, itemId: Int) async throws(SyncError) -> ItemConflict?
    /// Settles a conflict as the user chose: `.local` sends this device's version (or its
    /// deletion) over the server's, `.remote` drops the item's unsent changes, `.merged` sends the
    /// collection's merge (refused with ``SyncError/invalidMerge(_:)`` where it offers none, as a
    /// generated feature, or where this device deletes the item).
    ///
    /// Returns the item's identifier now (a new one once the server has an item this device's
    /// version created again), `nil` when a deletion was kept, the server's or this device's.
    func resolve(entryId: Int, keeping resolution: ConflictResolution) async throws(SyncError) -> Int?
    /// The policy the conflicts of `collection` (documents, or a feature's) follow: the one set
    /// here, else the one the collection declares; `nil` for a collection this app does not sync.
    func conflictPolicy(of collection: String) async -> ConflictPolicy?
    /// Makes the conflicts of `collection` follow `policy` from now on (kept across launches);
    /// false, changing nothing, for a collection this app does not sync.
    func setConflictPolicy(_ policy: ConflictPolicy, for collection: String) async -> Bool
}

extension SyncRepositoryProtocol {
    /// Syncs without reporting progress.
    public func sync() async throws(SyncError) -> SyncReport {
        try await sync(progress: { _ in })
    }
}
