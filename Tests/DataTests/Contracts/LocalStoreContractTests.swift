import Domain
import Foundation
import TestSupport
import Testing

@testable import StrataData

/// Every ``LocalStore`` implementation must behave the same; each test runs against all of them.
@Suite("LocalStore contract")
struct LocalStoreContractTests {
    enum Implementation: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, inMemory

        var testDescription: String { rawValue }

        func make(in folder: ScratchFolder) throws -> any LocalStore<Document.ID, Document> {
            switch self {
            case .sqlite:
                try AppDatabase.open(at: folder.url.appendingPathComponent("db.sqlite")).documentStore()
            case .inMemory:
                InMemoryLocalStore<Document.ID, Document>()
            }
        }
    }

    let folder: ScratchFolder
    let metadata = CacheMetadata(fetchedAt: Samples.date, etag: "\"e1\"", maxAge: 30)

    init() throws {
        folder = try ScratchFolder()
    }

    @Test(arguments: Implementation.allCases)
    func aMissingKeyIsNil(_ implementation: Implementation) async throws {
        let store = try implementation.make(in: folder)
        #expect(try await store.find(1) == nil)
        #expect(try await store.count() == 0)
    }

    @Test(arguments: Implementation.allCases)
    func whatIsPersistedIsFoundWithItsMetadata(_ implementation: Implementation) async throws {
        let store = try implementation.make(in: folder)
        let document = Samples.document(7)
        try await store.persist(document, for: 7, metadata: metadata)
        let found = try await store.find(7)
        #expect(found?.value == document)
        #expect(found?.metadata == metadata)
    }

    @Test(arguments: Implementation.allCases)
    func persistingAgainReplaces(_ implementation: Implementation) async throws {
        let store = try implementation.make(in: folder)
        try await store.persist(Samples.document(1), for: 1, metadata: metadata)
        let newer = CacheMetadata(fetchedAt: Samples.date.addingTimeInterval(5), etag: nil, maxAge: nil)
        try await store.persist(Samples.document(1, title: "Renamed", version: 2), for: 1, metadata: newer)
        let found = try await store.find(1)
        #expect(found?.value.title == "Renamed")
        #expect(found?.metadata == newer)
        #expect(try await store.count() == 1)
    }

    @Test(arguments: Implementation.allCases)
    func persistAllStoresEveryObject(_ implementation: Implementation) async throws {
        let store = try implementation.make(in: folder)
        let batch = (1...50).map { (key: FakeData.documentID($0), object: Samples.document($0)) }
        try await store.persistAll(batch, metadata: metadata)
        #expect(try await store.count() == 50)
        #expect(try await store.find(50)?.value == Samples.document(50))
    }

    @Test(arguments: Implementation.allCases)
    func metadataCanBeRefreshedAlone(_ implementation: Implementation) async throws {
        let store = try implementation.make(in: folder)
        try await store.persist(Samples.document(2), for: 2, metadata: metadata)
        let confirmed = CacheMetadata(fetchedAt: Samples.date.addingTimeInterval(60), etag: "\"e1\"", maxAge: 90)
        try await store.updateMetadata(confirmed, for: 2)
        #expect(try await store.find(2)?.metadata == confirmed)
        #expect(try await store.find(2)?.value == Samples.document(2))
    }

    @Test(arguments: Implementation.allCases)
    func removeAndRemoveAllForget(_ implementation: Implementation) async throws {
        let store = try implementation.make(in: folder)
        try await store.persistAll([(1, Samples.document(1)), (2, Samples.document(2))], metadata: metadata)
        try await store.remove(1)
        #expect(try await store.find(1) == nil)
        #expect(try await store.find(2) != nil)
        try await store.removeAll()
        #expect(try await store.count() == 0)
    }

    @Test func sqliteKeepsDataAcrossReopening() async throws {
        let url = folder.url.appendingPathComponent("durable.sqlite")
        try await AppDatabase.open(at: url).documentStore()
            .persist(Samples.document(3), for: 3, metadata: metadata)
        let reopened = try AppDatabase.open(at: url).documentStore()
        #expect(try await reopened.find(3)?.value == Samples.document(3))
    }

    @Test func sqliteListAndUserStoresRoundTrip() async throws {
        let database = try AppDatabase.open(at: folder.url.appendingPathComponent("other.sqlite"))
        let lists = RecordStore<ListRecord<DocumentResource>>(database: database)
        let list = ServerList.of([Samples.document(1), Samples.document(2)])
        try await lists.persist(list, for: ListQuery(search: "doc"), metadata: metadata)
        #expect(try await lists.find(ListQuery(search: "doc"))?.value.summaries == list.summaries)
        #expect(try await lists.find(.all) == nil)
        let users = database.userStore()
        let user = User(id: 2, name: "Grace", email: "g@example.com", bio: "")
        try await users.persist(user, for: 2, metadata: metadata)
        #expect(try await users.find(2)?.value == user)
    }

    @Test func knownIdentifiersComeFromStoredRowsAndTheCachedFullList() async throws {
        let database = try AppDatabase.open(at: folder.url.appendingPathComponent("ids.sqlite"))
        #expect(database.knownDocumentIDs().isEmpty && database.knownUserIDs().isEmpty)
        try await database.documentStore().persist(Samples.document(5), for: 5, metadata: metadata)
        let lists = RecordStore<ListRecord<DocumentResource>>(database: database)
        try await lists.persist(
            ServerList.of([Samples.document(2), Samples.document(5)]), for: .all, metadata: metadata)
        try await lists.persist(ServerList.of([Samples.document(9)]), for: ListQuery(search: "x"), metadata: metadata)
        let user = User(id: 4, name: "Ada", email: "a@example.com", bio: "")
        try await database.userStore().persist(user, for: 4, metadata: metadata)
        #expect(database.knownDocumentIDs() == [2, 5])
        #expect(database.knownDocumentIDs(limit: 1) == [2])
        #expect(database.knownUserIDs() == [4])
    }
}

extension ServerList where Resource == DocumentResource {
    /// The documents' list the server would send of `documents`.
    static func of(_ documents: [Document]) -> ServerList {
        ServerList(
            entries: documents.map {
                DocumentSummaryDTO(
                    id: $0.id.rawValue, title: $0.title, tags: $0.tags, updatedAt: $0.updatedAt, version: $0.version)
            }, summaries: documents.map(\.summary))
    }
}
