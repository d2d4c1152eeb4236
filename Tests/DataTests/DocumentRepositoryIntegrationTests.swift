import DemoBackend
import Domain
import Foundation
import GRDB
import TestSupport
import Testing

@testable import StrataData

/// The production repositories over a real SQLite file and real HTTP to the demo server.
@Suite("Repositories over SQLite and HTTP")
struct DocumentRepositoryIntegrationTests {
    struct Stack {
        let live: LiveBackend
        let documents: DocumentRepositoryImpl
        let users: UserRepositoryImpl
        let folder: ScratchFolder
        let sync: SyncEngine
        /// The one outbox, for tests that look under the engine.
        let outbox: Outbox
        let database: AppDatabase

        /// A second connection to the stack's database file, for tests that reach under the app.
        func rawConnection() throws -> DatabasePool {
            try DatabasePool(path: folder.url.appendingPathComponent("db.sqlite").path)
        }

        static func make(
            sharing live: LiveBackend? = nil, validators: DemoBackend.ValidatorStyle = .readable,
            pushBatchSize: Int = DataStack.Configuration().pushBatchSize,
            pushBatchBytes: Int = DataStack.Configuration().pushBatchBytes
        ) async throws -> Stack {
            let folder = try ScratchFolder()
            let live = if let live { live } else { try await LiveBackend.start(validators: validators) }
            let database = try AppDatabase.open(at: folder.url.appendingPathComponent("db.sqlite"))
            let stack = DataStack(
                database: database, api: live.client, monitor: live.monitor, now: { Date() },
                configuration: .init(
                    documentsTimeToLive: 60, usersTimeToLive: 60, memoryLimits: .forContext(.mainApp), pullPageSize: 2,
                    pushBatchSize: pushBatchSize, pushBatchBytes: pushBatchBytes))
            return Stack(
                live: live, documents: stack.documentRepository, users: stack.userRepository, folder: folder,
                sync: stack.sync, outbox: Outbox(database: database), database: database)
        }
    }

    @Test func writesGoToTheServerAndListsReflectThem() async throws {
        let stack = try await Stack.make()
        #expect(try await stack.documents.documents(policy: .cacheFirst).value.count == 3)
        let created = try await stack.documents.create(FakeData.draft(title: "New", body: "b", tags: ["x"]))
        #expect(created.id == 4 && created.version == 1)
        #expect(try await stack.documents.documents(policy: .cacheFirst).value.map(\.id).contains(4))
        let updated = try await stack.documents.update(
            id: 4, with: FakeData.changes(title: "Newer"))
        #expect(updated.version == 2)
        #expect(try await stack.documents.document(id: 4, policy: .cacheFirst).value.title == "Newer")
        try await stack.documents.delete(id: 4)
        await #expect(throws: DocumentError.notFound(id: 4)) {
            try await stack.documents.document(id: 4, policy: .cacheFirst)
        }
        #expect(try await stack.documents.search("shopping", policy: .cacheFirst).value.map(\.id) == [3])
    }

    @Test func anEditMadeElsewhereIsAConflictKeptWithBothVersions() async throws {
        let mine = try await Stack.make()
        let theirs = try await Stack.make(sharing: mine.live)
        _ = try await mine.documents.document(id: 2, policy: .cacheFirst)
        _ = try await theirs.documents.update(id: 2, with: FakeData.changes(body: "their edit"))
        let kept = try await mine.documents.update(id: 2, with: FakeData.changes(body: "my edit"))
        #expect(kept.body == "my edit" && kept.syncState == .conflict)
        let conflicts = try await mine.sync.conflicts()
        #expect(conflicts.map { $0.local?.value(of: "body") } == [.text("my edit")])
        #expect(conflicts.map { $0.remote?.value(of: "body") } == [.text("their edit")])
    }

    @Test(
        "Server faults become Domain errors",
        arguments: [
            (401, DocumentError.unauthorized), (403, .forbidden), (404, .notFound(id: 1)), (410, .notFound(id: 1)),
            (409, .rejected), (400, .rejected), (422, .rejected), (503, .unavailable), (500, .unavailable),
            (429, .unavailable),
        ])
    func faultsMapToDomainErrors(status: Int, error: DocumentError) async throws {
        let stack = try await Stack.make()
        await stack.live.backend.injectStatus(status, count: 1)
        await #expect(throws: error) { try await stack.documents.document(id: 1, policy: .remoteOnly) }
    }

    /// The item says its change was refused: it read `pending`, "waiting to be sent", although
    /// nothing sends a parked change until the user retries it.
    @Test func aWriteTheServerRefusesIsParkedWithItsReasonAndKept() async throws {
        let stack = try await Stack.make()
        await stack.live.backend.injectStatus(422)
        let kept = try await stack.documents.create(FakeData.draft(title: "x"))
        #expect(kept.id == -1 && kept.syncState == .parked)
        let entries = try await stack.sync.outbox()
        #expect(entries.map(\.state) == [.parked])
        #expect(entries.first?.lastError == "the server refused the content (422)")
        #expect(await stack.live.backend.documentSnapshot().count == 3)
        #expect(try await stack.documents.document(id: -1, policy: .cacheFirst).value.syncState == .parked)
        // Retried, it is sent: the server has it
        try await stack.sync.retry(entryId: try #require(entries.first?.id))
        #expect(try await stack.documents.document(id: -1, policy: .cacheFirst).value.syncState == .synced)
    }

    @Test func aMalformedBodyIsInvalidDataOrACachedFallback() async throws {
        let stack = try await Stack.make()
        await stack.live.backend.injectMalformed()
        await #expect(throws: DocumentError.invalidData) {
            try await stack.documents.document(id: 1, policy: .remoteOnly)
        }
        _ = try await stack.documents.document(id: 1, policy: .cacheFirst)
        await stack.live.backend.injectMalformed()
        let fallback = try await stack.documents.document(id: 1, policy: .networkFirst)
        #expect(fallback.origin == .disk)
    }

    @Test func aConnectionDroppedMidBodyIsATypedErrorAndTheStoreIsIntact() async throws {
        let stack = try await Stack.make()
        _ = try await stack.documents.document(id: 1, policy: .cacheFirst)
        await stack.live.backend.injectDroppedConnection()
        await #expect(throws: DocumentError.invalidData) {
            try await stack.documents.document(id: 2, policy: .remoteOnly)
        }
        #expect(try await stack.documents.document(id: 1, policy: .localOnly).value.title == "Welcome to Strata")
    }

    @Test func aServerThatIsDownIsUnavailableAndCachedDataStillAnswers() async throws {
        let stack = try await Stack.make()
        _ = try await stack.documents.document(id: 1, policy: .cacheFirst)
        await stack.live.backend.stop()
        await #expect(throws: DocumentError.unavailable) {
            try await stack.documents.document(id: 2, policy: .remoteOnly)
        }
        let fallback = try await stack.documents.document(id: 1, policy: .networkFirst)
        #expect(fallback.origin == .disk)
        try await stack.live.backend.start()
        #expect(try await stack.documents.document(id: 2, policy: .remoteOnly).origin == .network)
    }

    @Test func usersAreReadThroughTheirOwnCache() async throws {
        let stack = try await Stack.make()
        #expect(try await stack.users.user(id: 2, policy: .cacheFirst).origin == .network)
        #expect(try await stack.users.user(id: 2, policy: .cacheFirst).origin == .memory)
        await #expect(throws: UserError.notFound(id: 9)) { try await stack.users.user(id: 9, policy: .cacheFirst) }
    }

    /// A profile's faults read as documents' do: a 403 asked the user to log in again, and a 400
    /// or 422 said the server sent something unreadable.
    @Test(
        "Server faults become a profile's Domain errors",
        arguments: [(401, UserError.unauthorized), (403, .forbidden), (400, .rejected), (422, .rejected)])
    func userFaultsMapToDomainErrors(status: Int, error: UserError) async throws {
        let stack = try await Stack.make()
        await stack.live.backend.injectStatus(status, count: 1)
        await #expect(throws: error) { try await stack.users.user(id: 2, policy: .remoteOnly) }
    }
}
