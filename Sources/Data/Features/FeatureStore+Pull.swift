import Domain
import Foundation
import GRDB
import Logging

extension FeatureStore {
    /// Brings the server's changes to the collection since this device's change number for it
    /// (`GET /<collection>?since=V&full=1&limit=N`), a page per transaction; an item with changes
    /// still to send keeps this device's version.
    ///
    /// The next page is asked for as soon as the current one's answer names it, before its body is
    /// decoded (ADR 0043), or else once it is decoded; so the server, the network and the decoding
    /// of the page after overlap with this page's decoding and writing (ADR 0036). At most two
    /// requests are in flight at once. A change number that goes backwards (the server was reset)
    /// starts over from 0; a page that goes back twice, or says more follow without moving on, is
    /// refused.
    ///
    /// A page is written only over the change number the pull last read or wrote. When it moved
    /// meanwhile — another pull of this process or of another one on the home went further, or
    /// `cache clear` emptied the collection — the pull goes on from the stored one instead: writing
    /// the page would claim the items of the pages before it, which a clear took away.
    func pull(pageSize: Int, into report: inout SyncReport) async throws(SyncError) {
        var since = pulledVersion()
        var start = since
        // The stored change number this pull expects to write over.
        var expected = since
        var clears = 0
        // The report before this pull: a clear takes away what the pull wrote, so the report goes
        // back to it.
        let reportedBefore = (pulled: report.pulled, deleted: report.deleted)
        var restarted = false
        var ahead: ChangePageRequest<Resource>?
        var listsDropped = false
        try await refreshLeftAlone(into: &report)
        defer { ahead?.cancel() }
        while true {
            if Task.isCancelled { throw .cancelled }
            let request = ahead ?? ChangePageRequest(api: api, address: Self.changes(after: since, limit: pageSize))
            ahead = await request.next().map { ChangePageRequest(api: api, address: .link($0)) }
            let page: FeatureChangesDTO<Resource>
            do {
                page = try await request.page()
            } catch .invalidData {
                throw .invalidData(pending: 0)  // the engine says how many changes wait
            } catch .notFound where since == start && !restarted {
                // A server without the collection (an app ahead of its server): the other
                // collections sync, and this one's changes stay on the device until it has it. A
                // later page of a list the server began is no sign of that.
                logger.warning("the server has no \(Resource.collection) collection: nothing of it was pulled")
                report.notOnServer.append(Resource.collection)
                return
            } catch {
                throw error.syncFailure(pending: 0)  // the engine says how many changes wait
            }
            if page.serverVersion < since && !restarted {
                logger.warning(
                    "the \(Resource.collection) change number went back from \(since) to \(page.serverVersion); pulling everything"
                )
                ahead?.cancel()
                ahead = nil
                (since, restarted) = (0, true)
                continue
            }
            if page.serverVersion < since || (page.more && page.serverVersion <= since) {
                let reason =
                    page.serverVersion < since
                    ? "the \(Resource.collection) change list went back from change \(since) to \(page.serverVersion)"
                    : "the \(Resource.collection) change list did not move past change \(since)"
                logger.error("pull stopped: \(reason)")
                throw .unfitAnswer(reason)
            }
            if !page.skipped.isEmpty {
                logger.warning("skipped what this build does not know in a change list: \(page.skipped.sorted())")
            }
            if !page.more {
                ahead?.cancel()
                ahead = nil
            } else if ahead == nil {
                ahead = ChangePageRequest(api: api, address: Self.changes(after: page.serverVersion, limit: pageSize))
            }
            // An item this build cannot read is skipped, not trusted: failing the pull instead would
            // stop every later sync of every collection at the same page.
            var unreadable = page.unreadable
            let items = page.items.compactMap { changed -> (item: Item, etag: String?)? in
                guard let item = try? Resource.item(from: changed.wire) else {
                    unreadable += 1
                    return nil
                }
                return (item, changed.etag)
            }
            if unreadable > 0 {
                logger.warning(
                    "skipped \(unreadable) \(Resource.collection) item(s) this build cannot read in a change list")
            }
            // Before the first commit the scenes hear of: a list they reload must not be the old one.
            let dropsLists = !listsDropped && !(items.isEmpty && page.deleted.isEmpty)
            guard
                let applied = try apply(
                    items, deleted: page.deleted, reaching: page.serverVersion, over: expected,
                    droppingLists: dropsLists)
            else {
                ahead?.cancel()
                ahead = nil
                let stored = pulledVersion()
                if stored < expected {
                    clears += 1
                    (report.pulled, report.deleted) = reportedBefore
                }
                (since, start, expected, restarted) = (stored, stored, stored, false)
                guard clears <= Self.clearsTolerated else {
                    logger.notice("the \(Resource.collection) pull was cleared again and again: it stops at \(since)")
                    return
                }
                logger.notice("the \(Resource.collection) change number moved under the pull: it goes on from \(since)")
                continue
            }
            expected = page.serverVersion
            listsDropped = listsDropped || dropsLists
            report.pulled += applied.written
            report.deleted += applied.deleted
            since = page.serverVersion
            if !page.more { return }
        }
    }

    /// The change number this device's pull of the collection has reached (0 before the first).
    func pulledVersion() -> Int {
        ((try? database.read { db in try SyncValueRecord.value(Self.cursorKey, db) }) ?? nil).flatMap(Int.init) ?? 0
    }

    /// Moves the pull past the announced changes this device already holds, in their order, and
    /// returns the change number reached and whether it passed them all.
    ///
    /// A change is held when it follows the number reached directly and is not a deletion, and the
    /// item either has the change's version (or a newer one) here — the device made it, and settled
    /// the answer — or has unsent changes (a pull would leave it alone). The first change that is
    /// not held stops it: a pull brings that one and the rest.
    func skipHeld(_ announced: [AnnouncedChange]) throws(StorageError) -> (reached: Int, all: Bool) {
        let table = Resource.Record.databaseTableName
        let version = Resource.Record.versionColumn?.name ?? "version"
        let key = Resource.Record.keyColumn.name
        return try database.write { db in
            let stored = try SyncValueRecord.value(Self.cursorKey, db).flatMap(Int.init) ?? 0
            var reached = stored
            var passed: [(id: Int, version: Int)] = []
            let pending = try Outbox.itemsWithChanges(in: Resource.collection, db)
            let held = try db.cachedStatement(sql: "SELECT \(version) FROM \(table) WHERE \(key) = ?")
            for change in announced where change.serverVersion > reached {
                guard change.after == reached, !change.deleted else { break }
                let mine = try (Int.fetchOne(held, arguments: [change.id]) ?? .min) >= change.version
                guard mine || pending.contains(change.id) else { break }
                if !mine { try Self.rememberLeftAlone([change.id], db) }
                reached = change.serverVersion
                passed.append((change.id, change.version))
            }
            _ = settledHere.claim(versions: passed, deleted: [Int]())  // a pull will not bring these back
            if reached != stored { try SyncValueRecord.set(Self.cursorKey, String(reached), db) }
            return (reached, reached >= (announced.last?.serverVersion ?? reached))
        }
    }
}

// MARK: - Private

extension FeatureStore {
    /// The key under which the collection's change number is kept in `sync_state`.
    static var cursorKey: String { SyncValueRecord.cursorKey(Resource.collection) }

    /// How often one pull starts over after a clear before it leaves the rest to the next sync
    /// (another process that keeps clearing must not hold it forever); a change number moved on by
    /// another pull only saves this one work.
    private static var clearsTolerated: Int { 3 }

    /// The page of the change list after change `version`.
    private static func changes(after version: Int, limit: Int) -> PageAddress {
        .path(
            Resource.collection,
            query: [
                URLQueryItem(name: "since", value: String(version)), URLQueryItem(name: "full", value: "1"),
                URLQueryItem(name: "limit", value: String(limit)),
            ])
    }

    /// Writes one page and the change number it reaches in one transaction, when the stored change
    /// number is still `expected`; returns how many items it wrote and deleted, or nil (and writes
    /// nothing) when the stored number moved.
    ///
    /// Items with unsent changes keep this device's version, and are not counted; the server's
    /// lists are dropped first when asked.
    private func apply(
        _ items: [(item: Item, etag: String?)], deleted: [Int], reaching version: Int, over expected: Int,
        droppingLists: Bool
    ) throws(SyncError) -> (written: Int, deleted: Int)? {
        let moment = now()
        if droppingLists { lists.evacuateMemory() }
        source.forgetInMemory(items.map { Resource.id(of: $0.item) } + deleted.compactMap(ID.server))
        let applied: (written: Int, deleted: Int)?
        do {
            applied = try database.write { db -> (written: Int, deleted: Int)? in
                guard try SyncValueRecord.value(Self.cursorKey, db).flatMap(Int.init) ?? 0 == expected else {
                    return nil
                }
                let pending = try Outbox.itemsWithChanges(in: Resource.collection, db)
                var rows: [(key: ID, record: Resource.Record, metadata: CacheMetadata)] = []
                rows.reserveCapacity(items.count)
                for (item, etag) in items where !pending.contains(Resource.id(of: item).rawValue) {
                    let id = Resource.id(of: item)
                    rows.append((id, try Resource.Record(item, key: id), CacheMetadata(fetchedAt: moment, etag: etag)))
                }
                try RecordStore<Resource.Record>.write(rows, db)
                let gone = deleted.compactMap(ID.server).filter { !pending.contains($0.rawValue) }
                try RecordStore<Resource.Record>.delete(gone, db)
                try Self.rememberLeftAlone(
                    items.map { Resource.id(of: $0.item).rawValue }.filter(pending.contains)
                        + deleted.filter(pending.contains), db)
                if droppingLists { try ListRecord<Resource>.dropAll(db) }
                try SyncValueRecord.set(Self.cursorKey, String(version), db)
                let own = settledHere.claim(
                    versions: items.lazy.map { (Resource.id(of: $0.item).rawValue, $0.item.version) }
                        .filter { !pending.contains($0.id) },
                    deleted: gone.lazy.map(\.rawValue))
                return (rows.count - own.written, gone.count - own.deleted)
            }
        } catch {
            logger.error("pull storage failure: \(error)")
            throw .storageFailure
        }
        // The copies just replaced may have been read again meanwhile.
        source.forgetInMemory(items.map { Resource.id(of: $0.item) } + deleted.compactMap(ID.server))
        return applied
    }
}

/// One page of a collection's change list, asked for in a task of its own.
///
/// The task runs off the caller's actor, so the page can arrive while the page before is written;
/// it keeps the operation's deadline (a task copies its creator's task-local values).
struct ChangePageRequest<Resource: FeatureResource>: Sendable {
    private let task: Task<Result<FeatureChangesDTO<Resource>, RemoteError>, Never>
    private let named: AsyncStream<URL>

    init(api: APIClient, address: PageAddress) {
        let (named, naming) = AsyncStream.makeStream(of: URL.self, bufferingPolicy: .bufferingNewest(1))
        self.named = named
        task = Task {
            defer { naming.finish() }
            return await Self.fetch(api, address) { naming.yield($0) }
        }
    }

    /// The page after this one, as soon as the answer names it; nil once the request ended without
    /// naming one or the waiting task is cancelled.
    func next() async -> URL? {
        for await url in named { return url }
        return nil
    }

    /// The page; cancelling the waiting task cancels the request.
    func page() async throws(RemoteError) -> FeatureChangesDTO<Resource> {
        let task = task
        return try await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }.get()
    }

    /// Abandons the request (the pull ended before it needed the page).
    func cancel() { task.cancel() }

    @concurrent
    private static func fetch(_ api: APIClient, _ address: PageAddress, next: @Sendable (URL) -> Void) async
        -> Result<FeatureChangesDTO<Resource>, RemoteError>
    {
        await Result.catching { () async throws(RemoteError) in
            try await api.getPage(address, as: FeatureChangesDTO<Resource>.self, next: next)
        }
    }
}
