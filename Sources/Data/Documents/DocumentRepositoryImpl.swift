public import Domain
public import Foundation
import Logging

/// The production ``DocumentRepositoryProtocol``: reads through cache-backed data sources with
/// this device's unsent changes laid over them; writes go to the outbox first (durably, in one
/// transaction with the local version) and are sent at once when the server is reachable.
public struct DocumentRepositoryImpl: DocumentRepositoryProtocol {
    private let documents: any CachedReading<Document.ID, Document>
    private let lists: any CachedReading<DocumentListQuery, [DocumentSummary]>
    private let outbox: OutboxStore
    private let index: DocumentSearchIndex
    private let devicePages: DeviceDocumentPages
    private let serverPages: (any DocumentPageReading)?
    private let sync: SyncEngine
    private let now: @Sendable () -> Date
    private let logger = Logger(label: "strata.data.documents")

    /// Creates the repository over its data sources, the outbox and the sync engine.
    public init(
        documents: any CachedReading<Document.ID, Document>,
        lists: any CachedReading<DocumentListQuery, [DocumentSummary]>,
        outbox: OutboxStore, sync: SyncEngine, pages: (any DocumentPageReading)? = nil,
        now: @escaping @Sendable () -> Date
    ) {
        self.serverPages = pages
        self.devicePages = DeviceDocumentPages(database: outbox.database)
        self.documents = documents
        self.lists = lists
        self.outbox = outbox
        self.index = DocumentSearchIndex(database: outbox.database)
        self.sync = sync
        self.now = now
    }

    /// All documents, newest change first, with unsent changes shown.
    ///
    /// Under `local-only`, once a sync brought the documents here, the device's documents answer
    /// (the list the server last sent may be gone: a pull drops it); so do they when the cached
    /// list is missing under `local-only`, or when the server cannot be reached under
    /// `cache-first` and `skip-memory`: one list, whichever way the documents came.
    public func documents(policy: ReadPolicy) async throws(DocumentError) -> Fetched<[DocumentSummary]> {
        let synced = try local { () throws(StorageError) in try outbox.value(.serverVersion) != nil }
        if policy == .localOnly, synced { return try allOnDevice() }
        do {
            return overlay(try await lists.read(.all, policy: policy), query: nil)
        } catch {
            let failure = error.documentError(id: nil)
            guard Self.answersFromDevice(after: failure, policy: policy, synced: synced),
                let found = try? allOnDevice(), synced || !found.value.isEmpty
            else { throw failure }
            return found
        }
    }

    /// One page of the documents, from this device's store or from the server.
    ///
    /// The device's under `local-only`, and under `cache-first` once a sync brought the documents
    /// here (the first page also holds every document not sent yet, first, and no page shows one
    /// twice); the server's otherwise. Each side's cursors are its own.
    public func documents(page: PageRequest, policy: ReadPolicy) async throws(DocumentError) -> Fetched<DocumentPage> {
        if try searchesOnDevice(policy) {
            let pending = try local { () throws(StorageError) in try outbox.pendingDocuments() }
            var found = try devicePages.page(page, leaving: Set(pending.map(\.document.id)))
            if page.after == nil {
                let shown = pending.filter { !$0.deleted }.map(\.document.summary)
                found.items = DocumentOrder.sorted(shown) + found.items
            }
            return Fetched(found, origin: .disk, ageSeconds: try lastSyncAge())
        }
        guard let serverPages else { throw .unavailable }
        do {
            return Fetched(try await serverPages.page(page), origin: .network)
        } catch .badRequest {
            throw .invalidCursor  // the server's word for a cursor it did not hand out
        } catch {
            throw error.documentError(id: nil)
        }
    }

    /// One document: the local version while it has unsent changes.
    public func document(id: Document.ID, policy: ReadPolicy) async throws(DocumentError) -> Fetched<Document> {
        if let pending = try local({ () throws(StorageError) in try outbox.pendingDocument(id) }) {
            if pending.deleted { throw .notFound(id: id) }
            return Fetched(pending.document, origin: .disk)
        }
        var target = id
        if !id.isIssuedByServer {
            guard let server = try local({ () throws(StorageError) in try outbox.serverID(forLocal: id) }) else {
                throw .notFound(id: id)
            }
            target = server
            if let pending = try local({ () throws(StorageError) in try outbox.pendingDocument(server) }) {
                if pending.deleted { throw .notFound(id: id) }
                return Fetched(pending.document, origin: .disk)
            }
        }
        do {
            return try await documents.read(target, policy: policy)
        } catch {
            throw error.documentError(id: id)
        }
    }

    /// Documents matching a query (the server searches; results are cached per query; this
    /// device's unsent documents are matched with the same Domain rule).
    ///
    /// `local-only` asks the index on this device; so do `cache-first` and `skip-memory` once a
    /// sync has brought the documents here (before, the server answers, as for a cache miss);
    /// `network-first` and `remote-only` ask the server.
    public func search(_ query: String, policy: ReadPolicy) async throws(DocumentError) -> Fetched<[DocumentSummary]> {
        if try searchesOnDevice(policy) { return try searchOnDevice(query) }
        do {
            return overlay(try await lists.read(DocumentListQuery(search: query), policy: policy), query: query)
        } catch {
            throw error.documentError(id: nil)
        }
    }

    /// Saves the new document on this device with its outbox entry, then sends it if the server
    /// is reachable: the answer has the server's id, or a negative one while it waits.
    public func create(_ draft: DocumentDraft) async throws(DocumentError) -> Document {
        let created = try local { () throws(StorageError) in try outbox.recordCreate(draft, now: now()) }
        await sync.pushIfReachable()
        return try await document(id: created.id, policy: .cacheFirst).value
    }

    /// Saves every document on this device in one transaction with their outbox entries, then
    /// sends them (in batches) if the server is reachable.
    public func create(_ drafts: [DocumentDraft]) async throws(DocumentError) {
        try await queue(drafts)
        await sendQueued()
    }

    /// Saves new documents on this device, all in one transaction, queued for the server.
    ///
    /// It runs off the caller's actor: a chunk of an import is hundreds of rows, and on the main
    /// actor their transaction kept the import's send from starting until every chunk was saved.
    @concurrent
    public func queue(_ drafts: [DocumentDraft]) async throws(DocumentError) {
        _ = try local { () throws(StorageError) in try outbox.recordCreates(drafts, now: now()) }
    }

    /// Sends the queued changes, unless the network is known to be down (one push at a time).
    public func sendQueued() async {
        await sync.pushIfReachable()
    }

    /// Saves the changes on this device against the version they were made on, then sends them.
    public func update(id: Document.ID, with changes: DocumentChanges) async throws(DocumentError) -> Document {
        let current = try await document(id: id, policy: .cacheFirst).value
        var updated = changes.applied(to: current)
        updated.updatedAt = now()
        let base = try await baseETag(of: current)
        try local { () throws(StorageError) in
            try outbox.recordUpdate(updated, changes: changes, baseETag: base, now: now())
        }
        await sync.pushIfReachable()
        return try await document(id: current.id, policy: .cacheFirst).value
    }

    /// Marks the document deleted on this device, then sends the delete.
    public func delete(id: Document.ID) async throws(DocumentError) {
        let current = try await document(id: id, policy: .cacheFirst).value
        let base = try await baseETag(of: current)
        try local { () throws(StorageError) in try outbox.recordDelete(current, baseETag: base, now: now()) }
        await sync.pushIfReachable()
    }
}

// MARK: - Private

extension DocumentRepositoryImpl {
    private enum Constants {
        /// How many of the device's documents one read of the whole list takes at a time.
        static let devicePage = 1_000
    }

    /// The version a change is made against: that of the oldest unsent change, else the cached one.
    private func baseETag(of document: Document) async throws(DocumentError) -> String? {
        if !document.id.isIssuedByServer { return nil }
        if document.syncState != .synced {
            return try local { () throws(StorageError) in try outbox.baseETag(of: document.id) }
        }
        return await documents.cachedETag(for: document.id)
    }

    /// Lays unsent changes over a list from the server: local versions replace, local deletes
    /// remove, local creations appear (filtered by `query` for searches).
    private func overlay(_ fetched: Fetched<[DocumentSummary]>, query: String?) -> Fetched<[DocumentSummary]> {
        guard let pending = try? outbox.pendingDocuments(), !pending.isEmpty else { return fetched }
        let touched = Set(pending.map(\.document.id))
        let shown = pending.filter { entry in
            !entry.deleted && (query.map { DocumentSearch.matches(entry.document, query: $0) } ?? true)
        }.map(\.document.summary)
        return fetched.map { items in DocumentOrder.sorted(items.filter { !touched.contains($0.id) } + shown) }
    }

    /// Whether a list read that failed with `failure` falls back to the documents on the device.
    private static func answersFromDevice(after failure: DocumentError, policy: ReadPolicy, synced: Bool) -> Bool {
        switch (policy, failure) {
        case (.localOnly, .notCached): true
        case (.cacheFirst, .unavailable), (.skipMemory, .unavailable), (.cacheFirst, .notCached): synced
        default: false
        }
    }

    /// Every document on the device, page by page in ``DocumentOrder``, with unsent changes first.
    private func allOnDevice() throws(DocumentError) -> Fetched<[DocumentSummary]> {
        let pending = try local { () throws(StorageError) in try outbox.pendingDocuments() }
        let skipped = Set(pending.map(\.document.id))
        var items = DocumentOrder.sorted(pending.filter { !$0.deleted }.map(\.document.summary))
        var after: PageCursor?
        repeat {
            let page = try devicePages.page(PageRequest(limit: Constants.devicePage, after: after), leaving: skipped)
            items += page.items
            after = page.next
        } while after != nil
        return Fetched(items, origin: .disk, ageSeconds: try lastSyncAge())
    }

    private func searchesOnDevice(_ policy: ReadPolicy) throws(DocumentError) -> Bool {
        switch policy {
        case .localOnly: true
        case .cacheFirst, .skipMemory: try local { () throws(StorageError) in try outbox.value(.serverVersion) != nil }
        case .networkFirst, .remoteOnly: false
        }
    }

    /// The index's matches, after the documents not sent yet that match (the user's latest
    /// work comes first), as current as the last sync.
    private func searchOnDevice(_ query: String) throws(DocumentError) -> Fetched<[DocumentSummary]> {
        let words = DocumentSearch.words(in: query)
        guard !words.isEmpty else { throw .noSearchableWords }
        let found = try local { () throws(StorageError) in try index.search(words) }
        let pending = try local { () throws(StorageError) in try outbox.pendingDocuments() }
        let touched = Set(pending.map(\.document.id))
        let shown = pending.filter { !$0.deleted && DocumentSearch.matches($0.document, words: words) }
        let age = try lastSyncAge()
        return Fetched(
            Array(
                (shown.map(\.document.summary) + found.filter { !touched.contains($0.id) }).prefix(
                    DocumentSearchIndex.limit)),
            origin: .index, ageSeconds: age)
    }

    /// Seconds since the last sync finished (0 before the first).
    private func lastSyncAge() throws(DocumentError) -> Int {
        let lastSync = try local { () throws(StorageError) in try outbox.value(.lastSyncAt) }.flatMap(Double.init)
        return lastSync.map { max(0, Int(now().timeIntervalSince1970 - $0)) } ?? 0
    }

    private func local<Value>(_ operation: () throws(StorageError) -> Value) throws(DocumentError) -> Value {
        do {
            return try operation()
        } catch {
            logger.error("outbox storage failure: \(error)")
            throw .storageFailure
        }
    }
}
