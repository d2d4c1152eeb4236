import Domain
import Foundation
import StrataData
import TestSupport
import Testing

/// Saving an import's chunk runs off the main actor, so the main actor can start the chunk's
/// send meanwhile (ADR 0042).
@Suite("Queueing many new documents")
struct QueueingOffTheMainActorTests {
    @MainActor @Test func theMainActorRunsWhileAChunkIsSaved() async throws {
        let folder = try ScratchFolder()
        let api = APIClient(
            baseURL: URL(fileURLWithPath: "/"), http: ScriptedHTTPClient([]), security: .development, retry: .never,
            clock: ContinuousClock(), now: { Date() })
        let stack = DataStack(
            database: try AppDatabase.open(at: folder.url.appendingPathComponent("queue.sqlite")), api: api,
            monitor: NetworkMonitor(), now: { Date() })
        let repository = stack.documentRepository
        let drafts = (1...2_000).map { DocumentDraft(title: "queued \($0)") }
        var started = false
        var saved = false
        let saving = Task { @MainActor in
            started = true
            try await repository.queue(drafts)
            saved = true
        }
        // Once the saving task has begun, the main actor comes back here at once: had the save
        // stayed on it, the task would only let go of it once saved.
        while !started { await Task.yield() }
        #expect(!saved)
        try await saving.value
        #expect(saved)
        #expect(try stack.outbox.entries().count == 2_000)
    }
}
