import DemoBackend
import Domain
import Foundation
import StrataData
import TestSupport
import Testing

/// The part of a document these tests read.
private struct Titled: Decodable, Sendable {
    let id: Int
    let title: String
}

/// A read against a server that trickles its body ends at the operation's deadline.
@Suite("Deadlines against a real server")
struct DeadlineTests {
    @Test func aTricklingBodyIsAbandonedAtTheDeadline() async throws {
        let live = try await LiveBackend.start(retry: RetryPolicy())
        await live.backend.inject(.trickled)
        let started = ContinuousClock.now
        await #expect(throws: RemoteError.timedOut) {
            try await OperationDeadline.run(within: .seconds(1)) { () async throws(RemoteError) in
                _ = try await live.client.get("documents/1", as: Titled.self)
            }
        }
        // It ends: the body alone would take about a minute. The bound is loose on purpose (a busy
        // machine runs this beside other suites); `make bench` measures how close to the deadline.
        #expect(started.duration(to: .now) < .seconds(15))
        // The server is still there for the next operation.
        let next = try await live.client.get("users/1", as: Profile.self)
        if case .notModified = next { Issue.record("expected the user") }
    }

    @Test func cancellingStillEndsTheOperationAtOnce() async throws {
        let live = try await LiveBackend.start()
        await live.backend.inject(.trickled)
        let client = live.client
        let reading = Task {
            try await OperationDeadline.run(within: .seconds(60)) { () async throws(RemoteError) in
                _ = try await client.get("documents/1", as: Titled.self)
            }
        }
        try await Task.sleep(for: .milliseconds(300))
        let started = ContinuousClock.now
        reading.cancel()
        await #expect(throws: RemoteError.cancelled) { try await reading.value }
        #expect(started.duration(to: .now) < .seconds(15))
    }
}
