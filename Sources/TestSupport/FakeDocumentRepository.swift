public import Domain
public import Foundation

/// A scriptable in-memory ``DocumentRepositoryProtocol`` for use-case and view-model tests.
///
/// It follows the Domain's rules for order (``DocumentOrder``) and matching
/// (``DocumentSearch``), and the repository contract suite holds it to the real implementation.
/// Records every call, and fails every call with ``failure`` while it is set.
public actor FakeDocumentRepository: DocumentRepositoryProtocol {
    /// A call the fake received.
    public enum Call: Equatable, Sendable {
        case documents(ReadPolicy)
        case page(PageRequest, ReadPolicy)
        case document(Document.ID, ReadPolicy)
        case search(String, ReadPolicy)
        case create(DocumentDraft)
        case createAll([DocumentDraft])
        case queue([DocumentDraft])
        case sendQueued
        case update(Document.ID, DocumentChanges)
        case delete(Document.ID)
    }

    /// The stored documents by identifier.
    public private(set) var stored: [Document.ID: Document]
    /// Every call received, in order.
    public private(set) var calls: [Call] = []
    /// When set, every call throws this error and changes nothing.
    public var failure: DocumentError?
    /// The origin reported for reads.
    public var origin: DataOrigin = .disk
    /// The sync state writes report (`pending` plays an offline save, `conflict` a refused one).
    public private(set) var writeSyncState = SyncState.synced
    private let now: @Sendable () -> Date
    private var holding = false
    private var holdingWrites = false
    private var createFailure: (after: Int, error: DocumentError)?
    private var createCount = 0
    private var held: [CheckedContinuation<Void, Never>] = []
    private var holdingSends = false
    private var heldSends: [CheckedContinuation<Void, Never>] = []

    /// Creates a fake holding `documents`; writes are dated by `now`.
    public init(documents: [Document] = [], now: @escaping @Sendable () -> Date = { FakeData.date }) {
        stored = Dictionary(documents.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.now = now
    }

    /// Makes every following call fail with `error`, or succeed again with `nil`.
    public func setFailure(_ error: DocumentError?) { failure = error }

    /// Makes writes report `state`.
    public func setWriteSyncState(_ state: SyncState) { writeSyncState = state }

    /// Changes the origin reported for reads.
    public func setOrigin(_ origin: DataOrigin) { self.origin = origin }

    /// Makes every following read wait until ``releaseReads()``, to test work in flight.
    public func holdReads() { holding = true }

    /// Makes every following create wait until ``releaseWrites()``.
    public func holdWrites() { holdingWrites = true }

    /// Lets every waiting create (and later ones) proceed.
    public func releaseWrites() {
        holdingWrites = false
        for continuation in held { continuation.resume() }
        held.removeAll()
    }

    /// Makes every following ``sendQueued()`` wait (once recorded) until ``releaseSends()``.
    public func holdSends() { holdingSends = true }

    /// Lets every waiting send (and later ones) proceed.
    public func releaseSends() {
        holdingSends = false
        for continuation in heldSends { continuation.resume() }
        heldSends.removeAll()
    }

    /// Makes creates fail with `error` once `count` documents have been created.
    public func failCreates(after count: Int, with error: DocumentError) {
        createFailure = (count, error)
    }

    /// Lets every waiting read (and later ones) proceed.
    public func releaseReads() {
        holding = false
        for continuation in held { continuation.resume() }
        held.removeAll()
    }

    /// How many reads are waiting to be released.
    public var heldReads: Int { held.count }

    /// Replaces (or adds) a stored document.
    public func put(_ document: Document) { stored[document.id] = document }

    /// Records the call; returns every document in list order.
    public func documents(policy: ReadPolicy) async throws(DocumentError) -> Fetched<[DocumentSummary]> {
        await gate()
        try record(.documents(policy))
        return Fetched(DocumentOrder.sorted(stored.values.map(\.summary)), origin: origin)
    }

    /// Records the call; returns a page of the stored documents (cursors are `fake.OFFSET`).
    public func documents(page: PageRequest, policy: ReadPolicy) async throws(DocumentError) -> Fetched<DocumentPage> {
        await gate()
        try record(.page(page, policy))
        let all = DocumentOrder.sorted(stored.values.map(\.summary))
        var start = 0
        if let after = page.after {
            guard after.rawValue.hasPrefix("fake."), let offset = Int(after.rawValue.dropFirst(5)) else {
                throw .invalidCursor
            }
            start = min(offset, all.count)
        }
        let end = min(start + page.limit, all.count)
        return Fetched(
            DocumentPage(
                items: Array(all[start..<end]), next: end < all.count ? PageCursor(rawValue: "fake.\(end)") : nil),
            origin: origin)
    }

    /// Records the call; returns the stored document or `notFound`.
    public func document(id: Document.ID, policy: ReadPolicy) async throws(DocumentError) -> Fetched<Document> {
        await gate()
        try record(.document(id, policy))
        guard let found = stored[id] else { throw .notFound(id: id) }
        return Fetched(found, origin: origin)
    }

    /// Records the call; returns the documents the Domain's search matches, in list order.
    public func search(
        _ query: String, policy: ReadPolicy
    ) async throws(DocumentError) -> Fetched<[DocumentSummary]> {
        await gate()
        try record(.search(query, policy))
        let hits = stored.values.filter { DocumentSearch.matches($0, query: query) }
        return Fetched(DocumentOrder.sorted(hits.map(\.summary)), origin: origin)
    }

    /// Records the call; stores every draft as ``create(_:)-5x1ls`` would, or none when the
    /// scripted create failure falls among them.
    public func create(_ drafts: [DocumentDraft]) async throws(DocumentError) {
        try await storeAll(drafts, recording: .createAll(drafts))
    }

    /// Records the call; stores the drafts as the `create` of many does.
    public func queue(_ drafts: [DocumentDraft]) async throws(DocumentError) {
        try await storeAll(drafts, recording: .queue(drafts))
    }

    /// Records the call, then waits while sends are held (nothing is sent anywhere).
    public func sendQueued() async {
        calls.append(.sendQueued)
        if holdingSends { await withCheckedContinuation { heldSends.append($0) } }
    }

    /// Records the call; stores the draft under the next identifier, version 1, dated now.
    public func create(_ draft: DocumentDraft) async throws(DocumentError) -> Document {
        if holdingWrites { await withCheckedContinuation { held.append($0) } }
        try record(.create(draft))
        if let createFailure, createCount >= createFailure.after { throw createFailure.error }
        return store(draft)
    }

    private func storeAll(_ drafts: [DocumentDraft], recording call: Call) async throws(DocumentError) {
        if holdingWrites { await withCheckedContinuation { held.append($0) } }
        try record(call)
        if let createFailure, createCount + drafts.count > createFailure.after { throw createFailure.error }
        for draft in drafts { store(draft) }
    }

    @discardableResult
    private func store(_ draft: DocumentDraft) -> Document {
        createCount += 1
        let number = (stored.keys.map(\.rawValue).max() ?? 0) + 1
        let made = Document(draft, id: FakeData.documentID(number), savedAt: now(), version: 1, syncState: .synced)
        stored[made.id] = made
        return made
    }

    /// Records the call; applies the changes, bumps the version and dates the change now.
    public func update(id: Document.ID, with changes: DocumentChanges) async throws(DocumentError) -> Document {
        try record(.update(id, changes))
        guard let current = stored[id] else { throw .notFound(id: id) }
        var next = changes.applied(to: current)
        next.version += 1
        next.updatedAt = now()
        stored[id] = next
        next.syncState = writeSyncState
        return next
    }

    /// Records the call; removes the document or throws `notFound`.
    public func delete(id: Document.ID) async throws(DocumentError) {
        try record(.delete(id))
        guard stored.removeValue(forKey: id) != nil else { throw .notFound(id: id) }
    }
}

// MARK: - Private

extension FakeDocumentRepository {
    private func gate() async {
        guard holding else { return }
        await withCheckedContinuation { held.append($0) }
    }

    private func record(_ call: Call) throws(DocumentError) {
        calls.append(call)
        if let failure { throw failure }
    }
}
