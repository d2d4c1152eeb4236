import DemoBackend
import Domain
import Foundation
import TestSupport
import Testing

@testable import StrataData

/// The live socket's pulls skip the changes this device made itself: they are held already.
@Suite("Catching up with the live socket", .timeLimit(.minutes(1)))
struct LiveCatchUpTests {
    typealias Stack = DocumentRepositoryIntegrationTests.Stack

    @Test func ownChangesAreNotPulledBackAndAnotherDevicesAre() async throws {
        let stack = try await Stack.make()
        _ = try await stack.sync.sync()
        let sync = stack.sync
        let base = try #require(await stack.live.backend.baseURL)
        let live = LiveUpdates(
            url: try #require(LiveUpdates.socketURL(for: base)),
            transport: WebSocketLiveTransport(connectTimeout: .seconds(30)),
            pull: { announced in try? await sync.catchUp(announced: announced).serverVersion },
            pulls: { sync.pulls($0) }, clock: ContinuousClock()
        )
        await live.start()
        #expect(await eventually { await live.status.appliedVersion == 3 })
        let listed = await stack.live.backend.status().requestsByRoute["GET /documents"] ?? 0
        for index in 1...3 {
            _ = try await stack.documents.create(FakeData.draft(title: "mine \(index)"))
        }
        #expect(await eventually { await live.status.appliedVersion == 6 })
        #expect(
            await stack.live.backend.status().requestsByRoute["GET /documents"] == listed,
            "this device's own changes were pulled back")
        // Another device's change is pulled.
        try await stack.live.backend.editElsewhere("documents", id: 2, fields: #"{"body":"theirs"}"#)
        #expect(await eventually { await live.status.appliedVersion == 7 })
        #expect(await stack.live.backend.status().requestsByRoute["GET /documents"] ?? 0 > listed)
        #expect(try await stack.documents.document(id: 2, policy: .cacheFirst).value.body == "theirs")
        await live.stop()
    }

    @Test func onlyHeldChangesInTheSocketsOrderAreSkipped() async throws {
        let stack = try await Stack.make()
        _ = try await stack.sync.sync()  // documents 1-3 cached at version 1, the device at change 3
        func change(_ id: Int, _ version: Int, after: Int, deleted: Bool = false) -> AnnouncedChange {
            AnnouncedChange(
                collection: "documents", id: id, version: version, deleted: deleted, after: after,
                serverVersion: after + 1)
        }
        let documents = stack.documents.store
        #expect(try documents.skipHeld([change(1, 1, after: 3), change(2, 1, after: 4)]).reached == 5)
        // Not held: a newer version than the cache's, a gap in the order, a deletion, an unknown document.
        #expect(try documents.skipHeld([change(3, 2, after: 5)]).reached == 5)
        #expect(try documents.skipHeld([change(3, 1, after: 6)]).reached == 5)
        #expect(try documents.skipHeld([change(3, 1, after: 5, deleted: true)]).reached == 5)
        #expect(try documents.skipHeld([change(99, 1, after: 5)]).reached == 5)
        // Changes already applied are passed over; the first one not held stops the rest.
        #expect(
            try documents.skipHeld([change(1, 1, after: 3), change(3, 1, after: 5), change(3, 2, after: 6)]).reached
                == 6)
        // A document with local changes is left alone by a pull, so its changes are held.
        await stack.live.backend.stop()
        _ = try await stack.documents.update(id: 2, with: FakeData.changes(body: "mine"))
        #expect(try documents.skipHeld([change(2, 9, after: 6)]).reached == 7)
        #expect(documents.pulledVersion() == 7)
        // Remembered, so that version is fetched once the document's changes are gone.
        #expect(try documents.database.read { db in try SyncValueRecord.leftAlone(in: "documents", db) } == [2])
    }
}
