import DemoBackend
import Domain
import Foundation
import HTTPTypes
import StrataData
import Synchronization
import TestSupport

/// An HTTP client whose network can be switched off: an offline device.
final class SwitchableHTTPClient: HTTPClientProtocol {
    private let base = NIOHTTPClient(timeout: 5)
    private let offline = Mutex(false)

    var isOffline: Bool {
        get { offline.withLock { $0 } }
        set { offline.withLock { $0 = newValue } }
    }

    func send(_ request: HTTPRequest, body: Data?) async throws(TransportError) -> (HTTPResponse, Data) {
        if isOffline { throw .cannotConnect }
        return try await base.send(request, body: body)
    }

    func upload(_ request: HTTPRequest, fromFile file: URL) async throws(TransportError) -> (HTTPResponse, Data) {
        if isOffline { throw .cannotConnect }
        return try await base.upload(request, fromFile: file)
    }

    func download(_ request: HTTPRequest) async throws(TransportError) -> (HTTPResponse, URL) {
        if isOffline { throw .cannotConnect }
        return try await base.download(request)
    }
}

/// One device of the model: its own database file and data stack, talking to the shared server.
///
/// A crash drops everything in memory and opens the database again.
final class ModelDevice {
    let name: String
    let policy: ConflictPolicy
    let http = SwitchableHTTPClient()
    private let file: URL
    private let baseURL: URL
    private(set) var stack: DataStack

    init(name: String, policy: ConflictPolicy, folder: URL, baseURL: URL) async throws {
        self.name = name
        self.policy = policy
        self.file = folder.appendingPathComponent("\(name).sqlite")
        self.baseURL = baseURL
        stack = try Self.open(file, baseURL: baseURL, http: http)
        await stack.sync.setConflictPolicy(policy)
    }

    /// Loses everything not committed to the database, as a process killed at this point would.
    func crash() throws {
        stack = try Self.open(file, baseURL: baseURL, http: http)
    }

    var documents: DocumentRepositoryImpl { stack.documentRepository }
    var sync: SyncEngine { stack.sync }

    private static func open(_ file: URL, baseURL: URL, http: SwitchableHTTPClient) throws -> DataStack {
        let monitor = NetworkMonitor()
        let retry = RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(1), maxDelay: .milliseconds(2))
        let api = APIClient(
            baseURL: baseURL, http: http, security: .development, retry: retry, clock: ContinuousClock(),
            now: { Date() }, monitor: monitor, budget: .seconds(5))
        return DataStack(
            database: try AppDatabase.open(at: file), api: api, monitor: monitor, now: { Date() },
            configuration: .init(pullPageSize: 7, pushBatchSize: 3))
    }
}
