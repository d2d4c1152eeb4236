import DemoBackend
import Domain
import Foundation
import StrataData
import TestSupport
import Testing

/// The whole document list answers from the device when the server's list is gone or out of
/// reach: one list, whether a sync or reads brought the documents here.
@Suite("The device's document list")
struct DeviceListTests {
    typealias Stack = DocumentRepositoryIntegrationTests.Stack

    @Test func aPullDoesNotTakeTheListAwayOffline() async throws {
        // Given a listed, synced device whose pull brought another device's edit
        let mine = try await Stack.make()
        let theirs = try await Stack.make(sharing: mine.live)
        _ = try await mine.documents.documents(policy: .cacheFirst)
        _ = try await theirs.documents.update(
            id: 2, with: FakeData.changes(title: "Rules of layers"))
        _ = try await mine.sync.sync { _ in }
        // When the server goes away
        await mine.live.backend.stop()
        // Then both policies list every document, the pulled edit included, from the device
        for policy in [ReadPolicy.localOnly, .cacheFirst] {
            let listed = try await mine.documents.documents(policy: policy)
            #expect(listed.origin == .disk, "\(policy)")
            #expect(listed.value.map(\.id.rawValue).sorted() == [1, 2, 3], "\(policy)")
            #expect(listed.value.first { $0.id.rawValue == 2 }?.title == "Rules of layers", "\(policy)")
        }
    }

    @Test func localOnlyBeforeAnySyncListsWhatReadsBroughtHere() async throws {
        let stack = try await Stack.make()
        _ = try await stack.documents.document(id: 3, policy: .cacheFirst)
        let listed = try await stack.documents.documents(policy: .localOnly)
        #expect(listed.value.map(\.id.rawValue) == [3])
    }

    @Test func localOnlyWithNothingOnTheDeviceIsNotCached() async throws {
        let stack = try await Stack.make()
        await #expect(throws: DocumentError.notCached) { try await stack.documents.documents(policy: .localOnly) }
    }

    @Test func unsentDocumentsComeFirstInTheDeviceList() async throws {
        let stack = try await Stack.make()
        _ = try await stack.sync.sync { _ in }
        await stack.live.backend.stop()
        stack.live.monitor.record(.offline)
        let created = try await stack.documents.create(FakeData.draft(title: "Offline"))
        let listed = try await stack.documents.documents(policy: .localOnly)
        #expect(listed.value.first?.id == created.id && listed.value.count == 4)
    }
}
