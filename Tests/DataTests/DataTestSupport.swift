import DemoBackend
import Domain
import Foundation
import StrataData
import TestSupport

/// Sample values for Data tests.
enum Samples {
    static let date = Date(timeIntervalSince1970: 1_767_258_000)

    static func document(_ id: Int, title: String? = nil, version: Int = 1) -> Document {
        FakeData.document(
            id: id, title: title ?? "Document \(id)", body: "Body of \(id)", tags: ["t\(id)"], version: version,
            createdAt: date, updatedAt: date)
    }

    /// The demo server's first document, as the Domain sees it.
    static let welcome = FakeData.document(
        id: 1, title: "Welcome to Strata", body: "Strata is a four-layer template. Start with the Guide.",
        tags: ["intro"], createdAt: date, updatedAt: date)
}

/// A demo server on a free port plus an API client pointed at it.
struct LiveBackend {
    let backend: DemoBackend
    let client: APIClient
    let monitor: NetworkMonitor

    static func start(
        retry: RetryPolicy = .never, now: @escaping @Sendable () -> Date = { Date() },
        validators: DemoBackend.ValidatorStyle = .readable, collections: [CollectionSpec] = DemoSeed.collections
    ) async throws -> LiveBackend {
        let backend = try DemoBackend(collections: collections, now: now, validators: validators, signIn: .open)
        let url = try await backend.start()
        let monitor = NetworkMonitor()
        let client = APIClient(
            baseURL: url, http: NIOHTTPClient(timeout: 10), security: .development, retry: retry,
            clock: ContinuousClock(), now: now, monitor: monitor
        )
        return LiveBackend(backend: backend, client: client, monitor: monitor)
    }
}
