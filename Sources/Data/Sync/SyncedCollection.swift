import Domain
import Foundation

/// One collection as the ``SyncEngine`` drives it without knowing its types (``FeatureStore``
/// conforms): it sends and settles its changes, pulls its change list, decides its conflicts and
/// shows them.
protocol SyncedCollection: AnyObject, Sendable {
    /// The server's collection, such as `documents`.
    var collection: String { get }
    /// The policy its conflicts follow now.
    var policy: ConflictPolicy { get }

    /// Sends changes to distinct items in one `POST /batch` (one by one where the server has no
    /// batch route); touches no storage, so it can run while the batch before is settled.
    func send(_ batch: [Outbox.Entry]) async -> SentBatch
    /// Decides a change the server refused because the item changed there, by ``policy``: keeps
    /// the server's version, queues the change again over it, or keeps both for the user.
    func settleConflict(_ entry: Outbox.Entry) async throws(RemoteError) -> ConflictDecision
    /// Queues a change in conflict again, over the server's version the user saw (its current one
    /// when the server sent no validator with it).
    func keepLocal(_ entry: Outbox.Entry) async throws(SyncError)
    /// Settles a change in conflict as the user chose: the server's version, this device's over
    /// the one the user saw, or the collection's merge of both (refused when it offers none).
    func resolveConflict(_ entry: Outbox.Entry, keeping resolution: ConflictResolution) async throws(SyncError)
    /// Whether the server has the collection at all: one deployed without it answers 404 to each
    /// item, which is not the item's deletion.
    func serverHasCollection() async throws(RemoteError) -> Bool
    /// A delete of an item the server no longer has is done.
    func settleGone(_ entry: Outbox.Entry) throws(StorageError)
    /// Brings the server's changes to the collection since the last pull, a page per
    /// transaction; adds what it changed to `report`.
    func pull(pageSize: Int, into report: inout SyncReport) async throws(SyncError)
    /// Moves the collection's pull past `announced` changes this device already holds (it made
    /// them and settled the answers, or they touch items it has unsent changes to); returns the
    /// change number reached and whether every one was held.
    func skipHeld(_ announced: [AnnouncedChange]) throws(StorageError) -> (reached: Int, all: Bool)
    /// The change number the collection's pull has reached.
    func pulledVersion() -> Int
    /// Drops every unsent change to `entry`'s item; the copy on this device becomes the server's
    /// version a conflict kept, or goes, so the next read brings the server's version.
    func discardChanges(of entry: Outbox.Entry) throws(StorageError)
    /// Both versions of the item whose change `entry` is in conflict, as fields.
    func conflict(of entry: Outbox.Entry) throws(StorageError) -> ItemConflict
    /// Empties the collection's memory tiers: its items', its lists', or both; returns the bytes
    /// they held.
    @discardableResult func evacuateMemory(items: Bool, lists: Bool) -> Int
    /// The collection's cache figures.
    func statistics() async -> DataSourceStatistics
    /// Empties the collection's on-device caches of the server's lists.
    func clearLocal() async throws(DataSourceError)
}

/// A batch on its way or answered: the changes, why no answer came (if so), and how to settle
/// what the server took.
struct SentBatch: Sendable {
    /// The changes, in order.
    let entries: [Outbox.Entry]
    /// Why the batch got no answer at all (nil: answered).
    ///
    /// Its changes may or may not be applied; their keys make a resend safe.
    let failure: RemoteError?
    /// Settles what the server took, in one transaction, and returns the changes it refused with
    /// why, in order (a damaged change is refused with `badRequest`).
    let settle: @Sendable () throws(StorageError) -> [(entry: Outbox.Entry, error: RemoteError)]

    /// The items the batch holds (a next batch leaves them out until it is settled).
    var items: Set<Outbox.Item> { Set(entries.map(\.item)) }
}
