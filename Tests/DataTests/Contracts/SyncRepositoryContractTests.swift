import Domain
import StrataData
import TestSupport
import Testing

/// What every ``SyncRepositoryProtocol`` promises with nothing queued, against the sync engine and
/// the fake the view-model tests use.
@Suite("SyncRepository contract")
struct SyncRepositoryContractTests {
    enum Implementation: String, CaseIterable, CustomTestStringConvertible {
        case production, fake

        var testDescription: String { rawValue }

        func make() async throws -> (repository: any SyncRepositoryProtocol, keepAlive: Any?) {
            switch self {
            case .production:
                let stack = try await DocumentRepositoryIntegrationTests.Stack.make()
                return (stack.sync, stack)
            case .fake:
                return (FakeSyncRepository(), nil)
            }
        }
    }

    @Test(arguments: Implementation.allCases)
    func withNothingQueuedThereIsNothingToSendOrSettle(_ implementation: Implementation) async throws {
        let (repository, keepAlive) = try await implementation.make()
        defer { withExtendedLifetime(keepAlive) {} }
        let status = await repository.status()
        #expect(status.pending == 0 && status.parked == 0 && status.conflicts == 0)
        #expect(try await repository.outbox().isEmpty)
        #expect(try await repository.conflicts().isEmpty)
        #expect(try await repository.conflict(collection: QueuedChange.documents, itemId: 1) == nil)
        #expect(try await repository.sync().pushed == 0)
        #expect(await repository.resumeIfNeeded() == nil)
    }

    @Test(arguments: Implementation.allCases)
    func anUnknownEntryIsNamedAsSuch(_ implementation: Implementation) async throws {
        let (repository, keepAlive) = try await implementation.make()
        defer { withExtendedLifetime(keepAlive) {} }
        await #expect(throws: SyncError.noSuchEntry(42)) { try await repository.retry(entryId: 42) }
        await #expect(throws: SyncError.noSuchEntry(42)) { try await repository.resolve(entryId: 42, keeping: .remote) }
    }

    @Test(arguments: Implementation.allCases)
    func thePolicyStartsManualAndKeepsWhatIsSet(_ implementation: Implementation) async throws {
        let (repository, keepAlive) = try await implementation.make()
        defer { withExtendedLifetime(keepAlive) {} }
        #expect(await repository.conflictPolicy(of: QueuedChange.documents) == .manual)
        #expect(await repository.setConflictPolicy(.clientWins, for: QueuedChange.documents))
        #expect(await repository.conflictPolicy(of: QueuedChange.documents) == .clientWins)
        // A collection the app does not sync has no policy, and setting one changes nothing
        #expect(await repository.conflictPolicy(of: "nothing") == nil)
        #expect(await repository.setConflictPolicy(.serverWins, for: "nothing") == false)
        #expect(await repository.conflictPolicy(of: "nothing") == nil)
    }
}
