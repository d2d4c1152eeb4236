import Domain
import Foundation
import StrataData
import TestSupport
import Testing

/// How a batch's accepted changes settle.
///
/// Its creates settle together when nothing else waits for their documents, the others one by
/// one; either way each document ends as if it had been settled alone.
@Suite("Settling a batch of accepted changes")
struct SettleBatchTests {
    let folder: ScratchFolder
    let outbox: OutboxStore
    let state: LocalStateStore
    let pinned = LocalStateKey<Bool>.document("pinned")

    init() throws {
        folder = try ScratchFolder()
        let database = try AppDatabase.open(at: folder.url.appendingPathComponent("settle.sqlite"))
        outbox = OutboxStore(database: database)
        state = LocalStateStore(database: database)
    }

    func server(_ number: Int) throws -> Document.ID { try #require(Document.ID.server(number)) }

    /// The answer to an entry: a create gets server id `100 + n` for the n-th created document.
    func completion(_ entry: OutboxStore.StoredEntry, _ created: [Document]) throws -> OutboxStore.Completion {
        guard entry.entry.operation == .create else {
            return OutboxStore.Completion(
                entry, serverID: nil, etag: "\"u\(entry.entry.id)\"", document: nil, maxAge: nil)
        }
        let index = try #require(created.firstIndex { $0.id == entry.entry.documentId })
        let local = created[index]
        let document = Document(
            id: try server(101 + index), title: local.title, body: local.body, tags: local.tags,
            createdAt: local.createdAt, updatedAt: local.updatedAt, version: 1, syncState: .synced)
        return OutboxStore.Completion(
            entry, serverID: document.id, etag: "\"c\(index + 1)\"", document: document, maxAge: nil)
    }

    @Test func eachCreateOfABatchEndsAsIfSettledAloneWhateverWaitsForItsDocument() async throws {
        // Given three creates (the second pinned on this device, the third with an edit that waits
        // for a later batch, as a batch holds one change per document) and an edit of a document
        // the server already has
        let created = try (1...3).map {
            try outbox.recordCreate(DocumentDraft(title: "new \($0)", body: "", tags: []), now: Date())
        }
        var third = created[2]
        third.body = "edited 3"
        try outbox.recordUpdate(
            third, changes: DocumentChanges(title: nil, body: third.body, tags: nil), baseETag: nil, now: Date())
        try state.set(true, for: pinned, id: created[1].id.rawValue)
        let known = Document(
            id: try server(50), title: "known", body: "edited", tags: [], createdAt: Date(), updatedAt: Date(),
            version: 2, syncState: .synced)
        try outbox.recordUpdate(
            known, changes: DocumentChanges(title: nil, body: "edited", tags: nil), baseETag: "\"k1\"", now: Date())
        let entries = try outbox.entries()
        let waiting = entries[3]  // the third document's edit
        // When the batch of every other entry is accepted
        try outbox.completed(entries.filter { $0 != waiting }.map { try completion($0, created) })
        // Then every create is mapped to its server id
        for index in 0..<3 {
            #expect(try outbox.serverID(forLocal: created[index].id) == server(101 + index))
        }
        // And the pin moved with the second document
        #expect(try state.value(pinned, for: server(102).rawValue) == true)
        #expect(try state.value(pinned, for: created[1].id.rawValue) == nil)
        // And only the waiting edit is left, moved to its document's server id and rebased on
        // the create's answer, with the document's local version kept under that id for it
        let left = try outbox.entries()
        #expect(left.map(\.entry.id) == [waiting.entry.id])
        #expect(left.first?.entry.documentId == (try server(103)))
        #expect(try outbox.baseETag(of: server(103)) == "\"c3\"")
        let pending = try outbox.pendingDocuments()
        #expect(pending.map(\.document.id) == [try server(103)] && pending.first?.document.body == "edited 3")
    }
}
