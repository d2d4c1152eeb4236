import Domain
import Foundation
import StrataData
import TestSupport
import Testing

/// The HTTP store against the real demo server and the in-memory store must answer alike.
@Suite("RemoteStore contract")
struct RemoteStoreContractTests {
    enum Implementation: String, CaseIterable, CustomTestStringConvertible {
        case httpAgainstDemoBackend, inMemory

        var testDescription: String { rawValue }

        /// The store, and the server behind it (kept alive by the caller for the test's duration).
        func make() async throws -> (store: any RemoteStore<Document.ID, Document>, server: LiveBackend?) {
            switch self {
            case .httpAgainstDemoBackend:
                let live = try await LiveBackend.start()
                return (live.client.documentStore(), live)
            case .inMemory:
                return (InMemoryRemoteStore<Document.ID, Document>(objects: [1: Samples.welcome], maxAge: 60), nil)
            }
        }
    }

    @Test(arguments: Implementation.allCases)
    func anExistingObjectComesWithValidators(_ implementation: Implementation) async throws {
        let (store, server) = try await implementation.make()
        defer { withExtendedLifetime(server) {} }
        guard case .modified(let document, let validators) = try await store.fetch(1, ifNoneMatch: nil) else {
            Issue.record("expected a representation")
            return
        }
        #expect(document == Samples.welcome)
        #expect(validators.etag?.hasPrefix("\"") == true)
        #expect(validators.maxAge == 60)
    }

    @Test(arguments: Implementation.allCases)
    func aMatchingEntityTagIsNotModified(_ implementation: Implementation) async throws {
        let (store, server) = try await implementation.make()
        defer { withExtendedLifetime(server) {} }
        guard case .modified(_, let validators) = try await store.fetch(1, ifNoneMatch: nil) else {
            Issue.record("expected a representation")
            return
        }
        guard case .notModified(let again) = try await store.fetch(1, ifNoneMatch: validators.etag) else {
            Issue.record("expected 304")
            return
        }
        #expect(again.etag == validators.etag)
        guard case .modified = try await store.fetch(1, ifNoneMatch: "\"stale\"") else {
            Issue.record("a different tag must get the representation")
            return
        }
    }

    @Test(arguments: Implementation.allCases)
    func anUnknownObjectIsNotFound(_ implementation: Implementation) async throws {
        let (store, server) = try await implementation.make()
        defer { withExtendedLifetime(server) {} }
        await #expect(throws: RemoteError.notFound) { try await store.fetch(999, ifNoneMatch: nil) }
    }
}
