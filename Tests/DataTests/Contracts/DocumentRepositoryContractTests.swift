import DemoBackend
import Domain
import Foundation
import StrataData
import TestSupport
import Testing

/// What every ``DocumentRepositoryProtocol`` promises, checked against the production repository
/// (SQLite and HTTP to the demo server) and the fake the use-case tests use, so the fake cannot
/// drift from the real thing.
@Suite("DocumentRepository contract")
struct DocumentRepositoryContractTests {
    enum Implementation: String, CaseIterable, CustomTestStringConvertible {
        case production, fake

        var testDescription: String { rawValue }

        /// The repository holding the demo server's three sample documents, and what keeps it alive.
        func make() async throws -> (repository: any DocumentRepositoryProtocol, keepAlive: Any?) {
            switch self {
            case .production:
                let stack = try await DocumentRepositoryIntegrationTests.Stack.make()
                return (stack.documents, stack)
            case .fake:
                return (FakeDocumentRepository(documents: SampleDocuments.all, now: { Date() }), nil)
            }
        }
    }

    @Test(arguments: Implementation.allCases)
    func listsEveryDocumentNewestChangeFirst(_ implementation: Implementation) async throws {
        let (repository, keepAlive) = try await implementation.make()
        defer { withExtendedLifetime(keepAlive) {} }
        let listed = try await repository.documents(policy: .cacheFirst).value
        #expect(listed.map(\.id) == [3, 2, 1])
        #expect(listed == DocumentOrder.sorted(listed))
    }

    @Test(arguments: Implementation.allCases)
    func readsOneDocumentAndSaysWhichIsMissing(_ implementation: Implementation) async throws {
        let (repository, keepAlive) = try await implementation.make()
        defer { withExtendedLifetime(keepAlive) {} }
        #expect(try await repository.document(id: 2, policy: .cacheFirst).value == SampleDocuments.all[1])
        await #expect(throws: DocumentError.notFound(id: 99)) {
            try await repository.document(id: 99, policy: .cacheFirst)
        }
    }

    @Test(
        arguments: Implementation.allCases,
        [("LAYER", [2, 1]), ("eggs", [3]), ("intro", [1]), ("WELCÖME", [1]), ("e", [3, 2, 1]), ("zzz", [])])
    func searchesByTheDomainsRule(_ implementation: Implementation, search: (query: String, ids: [Int])) async throws {
        let (repository, keepAlive) = try await implementation.make()
        defer { withExtendedLifetime(keepAlive) {} }
        let found = try await repository.search(search.query, policy: .cacheFirst).value
        #expect(found.map(\.id.rawValue) == search.ids)
    }

    /// A document made, and one changed, with every field set read back whole from the server.
    @Test(arguments: Implementation.allCases)
    func everyFieldReachesTheServerAndComesBack(_ implementation: Implementation) async throws {
        let (repository, keepAlive) = try await implementation.make()
        defer { withExtendedLifetime(keepAlive) {} }
        let complete = DocumentDraft(FakeData.completeDocument)
        let created = try await repository.create(complete)
        #expect(DocumentDraft(try await repository.document(id: created.id, policy: .remoteOnly).value) == complete)
        _ = try await repository.update(id: 1, with: DocumentChanges(everyFieldOf: FakeData.completeDocument))
        #expect(DocumentDraft(try await repository.document(id: 1, policy: .remoteOnly).value) == complete)
    }

    @Test(arguments: Implementation.allCases)
    func createsWithAnIDAndTheFirstVersionAndListsItFirst(_ implementation: Implementation) async throws {
        let (repository, keepAlive) = try await implementation.make()
        defer { withExtendedLifetime(keepAlive) {} }
        let created = try await repository.create(FakeData.draft(title: "New", body: "b", tags: ["x"]))
        #expect(created.version == 1 && created.title == "New" && created.tags == ["x"])
        #expect(try await repository.document(id: created.id, policy: .cacheFirst).value.body == "b")
        #expect(try await repository.documents(policy: .cacheFirst).value.first?.id == created.id)
        #expect(try await repository.search("new", policy: .cacheFirst).value.map(\.id) == [created.id])
    }

    @Test(arguments: Implementation.allCases)
    func createsManyAtOnceEachReadableAfterwards(_ implementation: Implementation) async throws {
        let (repository, keepAlive) = try await implementation.make()
        defer { withExtendedLifetime(keepAlive) {} }
        try await repository.create((1...5).map { FakeData.draft(title: "Imported \($0)", tags: ["import"]) })
        let found = try await repository.search("imported", policy: .cacheFirst).value
        #expect(Set(found.map(\.title)) == Set((1...5).map { "Imported \($0)" }))
        #expect(try await repository.documents(policy: .cacheFirst).value.count == 8)
    }

    @Test(arguments: Implementation.allCases)
    func updatesApplyTheChangesAndMoveTheDocumentFirst(_ implementation: Implementation) async throws {
        let (repository, keepAlive) = try await implementation.make()
        defer { withExtendedLifetime(keepAlive) {} }
        _ = try await repository.documents(policy: .cacheFirst)
        let updated = try await repository.update(
            id: 1, with: FakeData.changes(title: "Hello again", tags: []))
        #expect(updated.title == "Hello again" && updated.tags.isEmpty && updated.version == 2)
        #expect(updated.body == SampleDocuments.all[0].body)
        #expect(try await repository.documents(policy: .cacheFirst).value.map(\.id) == [1, 3, 2])
        await #expect(throws: DocumentError.notFound(id: 99)) {
            try await repository.update(id: 99, with: FakeData.changes(body: "x"))
        }
    }

    @Test(arguments: Implementation.allCases)
    func deletedDocumentsAreGone(_ implementation: Implementation) async throws {
        let (repository, keepAlive) = try await implementation.make()
        defer { withExtendedLifetime(keepAlive) {} }
        try await repository.delete(id: 3)
        await #expect(throws: DocumentError.notFound(id: 3)) {
            try await repository.document(id: 3, policy: .cacheFirst)
        }
        #expect(try await repository.documents(policy: .cacheFirst).value.map(\.id) == [2, 1])
        await #expect(throws: DocumentError.notFound(id: 99)) { try await repository.delete(id: 99) }
    }
}

/// The demo server's sample documents, as the Domain sees them.
enum SampleDocuments {
    static let all: [Document] = [
        document(1, "Welcome to Strata", "Strata is a four-layer template. Start with the Guide.", ["intro"], 0),
        document(
            2, "Layer rules", "Domain imports Foundation at most. Data and Presentation see only Domain.",
            ["architecture", "rules"], 10),
        document(3, "Shopping list", "Milk, eggs, coffee.", ["home"], 20),
    ]

    private static func document(
        _ id: Document.ID, _ title: String, _ body: String, _ tags: [String], _ minutes: Double
    ) -> Document {
        let date = DemoSeed.epoch.addingTimeInterval(minutes * 60)
        return FakeData.document(
            id: id.rawValue, title: title, body: body, tags: tags, createdAt: date, updatedAt: date)
    }
}
