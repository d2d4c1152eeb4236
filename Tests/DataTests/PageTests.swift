import DemoBackend
import Domain
import Foundation
import GRDB
import StrataData
import TestSupport
import Testing

/// `docs list --limit N --after CURSOR`: keyset pages from the device once synced, from the
/// server before; each side's cursors are its own.
@Suite("Pages of the document list")
struct PageTests {
    typealias Stack = DocumentRepositoryIntegrationTests.Stack

    func walk(_ stack: Stack, limit: Int, policy: ReadPolicy) async throws -> (pages: [[Int]], origin: DataOrigin?) {
        var pages: [[Int]] = []
        var after: PageCursor?
        var origin: DataOrigin?
        repeat {
            let fetched = try await stack.documents.documents(
                page: PageRequest(limit: limit, after: after), policy: policy)
            pages.append(fetched.value.items.map(\.id.rawValue))
            origin = fetched.origin
            after = fetched.value.next
        } while after != nil && pages.count < 20
        return (pages, origin)
    }

    @Test func theServersPagesWalkTheListUntilASyncAndTheDevicesAfter() async throws {
        let stack = try await Stack.make()
        let remote = try await walk(stack, limit: 2, policy: .cacheFirst)
        #expect(remote.pages == [[3, 2], [1]] && remote.origin == .network)
        _ = try await stack.sync.sync { _ in }
        let local = try await walk(stack, limit: 2, policy: .cacheFirst)
        #expect(local.pages == [[3, 2], [1]] && local.origin == .disk)
        await stack.live.backend.stop()  // offline: the device's pages still serve
        #expect(try await walk(stack, limit: 1, policy: .localOnly).pages == [[3], [2], [1]])
    }

    @Test func theDevicesPagesShowItsUnsentVersionsInListOrderAndNoneTwice() async throws {
        let stack = try await Stack.make()
        _ = try await stack.sync.sync { _ in }
        await stack.live.backend.stop()
        _ = try await stack.documents.update(
            id: 1, with: FakeData.changes(title: "Edited offline"))
        let pages = try await walk(stack, limit: 2, policy: .localOnly).pages
        #expect(pages == [[1, 3], [2]])  // document 1's local version first (its newest change), and not again
    }

    @Test func aCursorFromTheOtherSideOrMadeUpIsOneError() async throws {
        let stack = try await Stack.make()
        let server = try await stack.documents.documents(page: PageRequest(limit: 1), policy: .remoteOnly)
        let serverCursor = try #require(server.value.next)
        await #expect(throws: DocumentError.invalidCursor) {
            try await stack.documents.documents(page: PageRequest(limit: 1, after: serverCursor), policy: .localOnly)
        }
        for text in ["d1.!!", "garbage", "d1.eHl6"] {
            let cursor = try #require(PageCursor(rawValue: text))
            await #expect(throws: DocumentError.invalidCursor) {
                try await stack.documents.documents(page: PageRequest(limit: 1, after: cursor), policy: .localOnly)
            }
            await #expect(throws: DocumentError.invalidCursor) {
                try await stack.documents.documents(page: PageRequest(limit: 1, after: cursor), policy: .remoteOnly)
            }
        }
    }

    @Test func aCursorWhoseDocumentWasDeletedStillSaysWhereToGoOn() async throws {
        let stack = try await Stack.make()
        _ = try await stack.sync.sync { _ in }
        let first = try await stack.documents.documents(page: PageRequest(limit: 1), policy: .localOnly)
        #expect(first.value.items.map(\.id) == [3] && first.value.next != nil)
        try LocalSearchTests.execute("DELETE FROM document WHERE id = 3", in: stack)
        let rest = try await stack.documents.documents(
            page: PageRequest(limit: 5, after: first.value.next), policy: .localOnly)
        #expect(rest.value.items.map(\.id) == [2, 1] && rest.value.next == nil)
        // A well-formed position nothing handed out is still a position: here, past the end.
        let past = try #require(PageCursor(rawValue: "d1.ZG9jdW1lbnQ6MTox"))  // "document:1:1"
        let end = try await stack.documents.documents(page: PageRequest(limit: 5, after: past), policy: .localOnly)
        #expect(end.value == DocumentPage(items: [], next: nil))
    }
}
