import Domain
import Foundation
import StrataData
import Testing

@Suite("In-memory document store")
struct InMemoryDocumentStoreTests {
    static let later = SampleData.epoch.addingTimeInterval(3600)
    let store = InMemoryDocumentStore(documents: SampleData.documents, now: { Self.later })

    @Test func listsNewestChangeFirst() async throws {
        let listed = try await store.documents(policy: .cacheFirst)
        #expect(listed.value.map(\.id) == [3, 2, 1])
        #expect(listed.origin == .memory)
    }

    @Test func createsWithTheNextIDAndTheInjectedClock() async throws {
        let created = try await store.create(DocumentDraft(title: "New", body: "b", tags: ["x"]))
        #expect(created.id == 4)
        #expect(created.createdAt == Self.later && created.updatedAt == Self.later)
        #expect(created.version == 1)
        #expect(try await store.documents(policy: .cacheFirst).value.first?.id == 4)
    }

    @Test func updateBumpsVersionAndDateButKeepsCreation() async throws {
        let updated = try await store.update(id: 1, with: DocumentChanges(body: "changed"))
        #expect(updated.version == 2)
        #expect(updated.updatedAt == Self.later)
        #expect(updated.createdAt == SampleData.epoch)
        #expect(try await store.document(id: 1, policy: .cacheFirst).value.body == "changed")
    }

    @Test func unknownIDsAreNotFoundForEveryOperation() async {
        await #expect(throws: DocumentError.notFound(id: 9)) { try await store.document(id: 9, policy: .cacheFirst) }
        await #expect(throws: DocumentError.notFound(id: 9)) {
            try await store.update(id: 9, with: DocumentChanges(title: "x"))
        }
        await #expect(throws: DocumentError.notFound(id: 9)) { try await store.delete(id: 9) }
    }

    @Test func searchMatchesTitleBodyAndTagsIgnoringCaseAndAccents() async throws {
        _ = try await store.create(DocumentDraft(title: "Café notes"))
        #expect(try await store.search("RULES", policy: .cacheFirst).value.map(\.id) == [2])
        #expect(try await store.search("coffee", policy: .cacheFirst).value.map(\.id) == [3])
        #expect(try await store.search("intro", policy: .cacheFirst).value.map(\.id) == [1])
        #expect(try await store.search("cafe", policy: .cacheFirst).value.map(\.id) == [4])
    }

    @Test func deletedDocumentsAreGone() async throws {
        try await store.delete(id: 2)
        #expect(try await store.documents(policy: .cacheFirst).value.map(\.id) == [3, 1])
    }
}

@Suite("In-memory user store")
struct InMemoryUserStoreTests {
    @Test func findsKnownUsersOnly() async throws {
        let store = InMemoryUserStore(users: SampleData.users)
        #expect(try await store.user(id: 2, policy: .cacheFirst).value.name == "Grace Hopper")
        await #expect(throws: UserError.notFound(id: 3)) { try await store.user(id: 3, policy: .cacheFirst) }
    }
}
