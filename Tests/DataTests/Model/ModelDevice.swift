import DemoBackend
import Domain
import Foundation
import GRDB
import HTTPTypes
import Synchronization
import TestSupport

@testable import StrataData

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
    private(set) var api: APIClient
    /// The device's bookmarks: a feature on the generic engine, under the device's policy.
    private(set) var bookmarks: ModelBookmarks

    init(name: String, policy: ConflictPolicy, folder: URL, baseURL: URL) async throws {
        self.name = name
        self.policy = policy
        self.file = folder.appendingPathComponent("\(name).sqlite")
        self.baseURL = baseURL
        (stack, api) = try Self.open(file, baseURL: baseURL, http: http)
        bookmarks = ModelBookmarks(policy: policy, stack: stack, api: api)
        _ = await stack.sync.setConflictPolicy(policy, for: QueuedChange.documents)
    }

    /// Loses everything not committed to the database, as a process killed at this point would.
    func crash() throws {
        (stack, api) = try Self.open(file, baseURL: baseURL, http: http)
        bookmarks = ModelBookmarks(policy: policy, stack: stack, api: api)
    }

    var documents: DocumentRepositoryImpl { stack.documentRepository }
    var sync: SyncEngine { stack.sync }

    private static func open(_ file: URL, baseURL: URL, http: SwitchableHTTPClient) throws -> (DataStack, APIClient) {
        let monitor = NetworkMonitor()
        let retry = RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(1), maxDelay: .milliseconds(2))
        let api = APIClient(
            baseURL: baseURL, http: http, security: .development, retry: retry, clock: ContinuousClock(),
            now: { Date() }, monitor: monitor, budget: .seconds(5))
        let database = try AppDatabase.open(at: file)
        try database.write { db in
            if try !db.tableExists("testbookmark") { try db.execute(sql: TestBookmarkRecord.schema) }
        }
        let stack = DataStack(
            database: database, api: api, monitor: monitor, now: { Date() },
            configuration: .init(pullPageSize: 7, pushBatchSize: 3))
        return (stack, api)
    }
}

/// A device's bookmarks store, whatever the policy its resource declares.
struct ModelBookmarks {
    let create: (String) async -> Int?
    let edit: (Int, String) async -> Bool
    let delete: (Int) async -> Void
    /// Every bookmark on the device: id, URL and note.
    let local: () throws -> [(id: Int, url: String, note: String?)]

    init(policy: ConflictPolicy, stack: DataStack, api: APIClient) {
        switch policy {
        case .serverWins: self.init(FeatureStore<Bookmarks<ServerWins>>(stack: stack, api: api))
        case .clientWins: self.init(FeatureStore<Bookmarks<DeviceWins>>(stack: stack, api: api))
        case .lastWriterWins: self.init(FeatureStore<Bookmarks<LaterWins>>(stack: stack, api: api))
        case .manual: self.init(FeatureStore<Bookmarks<AskTheUser>>(stack: stack, api: api))
        }
    }

    private init<Policy: BookmarkPolicy>(_ store: FeatureStore<Bookmarks<Policy>>) {
        create = { url in
            try? await store.create { id, moment in
                TestBookmark(
                    id: id, url: url, note: nil, rating: 1, createdAt: moment, updatedAt: moment, version: 1,
                    syncState: .pending)
            }.id.rawValue
        }
        edit = { number, note in
            guard let id = ItemID<TestBookmark>(rawValue: number),
                var item = try? await store.item(id, policy: .localOnly).value
            else { return false }
            item.note = note
            return (try? await store.update(item)) != nil
        }
        delete = { number in
            guard let id = ItemID<TestBookmark>(rawValue: number) else { return }
            try? await store.delete(id)
        }
        local = {
            try store.reading { db in try TestBookmarkRecord.fetchAll(db).map { try $0.object() } }
                .map { ($0.id.rawValue, $0.url, $0.note) }
        }
    }
}
