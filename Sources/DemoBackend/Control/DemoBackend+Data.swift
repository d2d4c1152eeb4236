public import Foundation
import GRDB

extension DemoBackend {
    /// Every document the server holds, as `(id, title, body, version)`, by id.
    public func documentSnapshot() -> [(id: Int, title: String, body: String, version: Int)] {
        let rows =
            (try? core.database.pool.read { db in
                try String.fetchAll(
                    db,
                    sql:
                        "SELECT representation FROM resource WHERE collection = 'documents' AND deleted = 0 ORDER BY id"
                )
            }) ?? []
        return rows.compactMap { text in
            guard let object = JSONValue.parse(Data(text.utf8))?.object,
                let id = object["id"]?.integer, let version = object["version"]?.integer
            else { return nil }
            return (id, object["title"]?.string ?? "", object["body"]?.string ?? "", version)
        }
    }

    /// Ends every session, as expiry or an administrator would: their tokens are refused from now on.
    public func revokeAllSessions() throws(DemoBackendError) {
        do {
            try core.endSessions()
        } catch {
            throw .dataFolder("cannot end the sessions: \(error)")
        }
    }

    /// Whether `token` names an open session.
    public func isSessionOpen(_ token: String) -> Bool {
        ((try? core.database.pool.read { db in try core.sessions.store.account(for: token, db) }) ?? nil) != nil
    }

    /// Adds `count` documents at once, each a change of its own (for sync benchmarks).
    public func addDocuments(count: Int) throws(DemoBackendError) {
        try addItems(count: count, to: DemoSeed.documents.name)
    }

    /// Adds `count` items to `collection` at once, each a change of its own, shaped as the sync
    /// benchmarks' documents are (a title, a body of 200 bytes, one tag) for the fields the
    /// collection has.
    public func addItems(count: Int, to collection: String) throws(DemoBackendError) {
        guard let spec = core.collections.first(where: { $0.name == collection }) else {
            throw .storage("no collection \(collection)")
        }
        let sample: [String: JSONValue] = [
            "body": .string(String(repeating: "b", count: 200)), "tags": .array([.string("bulk")]),
        ]
        let members = sample.filter { member in spec.fields.contains { $0.name == member.key } }
        do {
            try core.store.writing { transaction in
                for _ in 0..<count {
                    var generated = members
                    let id = try transaction.next(ResourceStore.idSequence(spec.name))
                    generated["title"] = .string("Generated \(id)")
                    let moment = core.store.now()
                    _ = try core.store.write(
                        spec, id: id, version: 1, members: generated, createdAt: moment, updatedAt: moment,
                        transaction)
                }
            }
        } catch {
            throw .storage("cannot add items to \(collection): \(error)")
        }
    }

    /// Makes `count` changes to the documents quickly; returns their change number after the last.
    public func burst(count: Int) throws(DemoBackendError) -> Int {
        do {
            return try core.burst(count)
        } catch {
            throw .storage("cannot make the changes: \(error)")
        }
    }

    /// Breaks the live sockets as `fault` says.
    public func injectLiveFault(_ fault: LiveFault) {
        core.injectLiveFault(fault)
    }

    public func editElsewhere(_ collection: String, id: Int, fields: String) throws(DemoBackendError) {
        let changes = try EditedFields.changes(fields)
        let refusal: ResourceStore.Refusal?
        do {
            refusal = try core.edit(collection, id: id, changes: changes)
        } catch {
            throw .storage("cannot change \(collection) \(id): \(error)")
        }
        if let refusal { throw .rejected(refusal.status, refusal.message) }
    }
}

/// A snapshot of the demo server's state; its JSON is what `GET /_admin/status` answers.
public struct DemoBackendStatus: Sendable, Equatable, Codable {
    /// Whether it accepts connections.
    public let isRunning: Bool
    /// Its base URL once it has a port.
    public let baseURL: URL?
    /// Requests served since start or reset.
    public let requests: Int
    /// Requests per route, such as `GET /documents/:id`.
    public let requestsByRoute: [String: Int]
    /// Injected error statuses still to be sent.
    public let pendingStatusFaults: Int
    /// Malformed bodies still to be sent.
    public let pendingMalformed: Int
    /// Dropped connections still to happen.
    public let pendingDropped: Int
    /// Trickling bodies still to be sent.
    public let pendingTrickled: Int
    /// Latency added to every request.
    public let latencyMilliseconds: Int
    /// Documents on the server.
    public let documents: Int
    /// Open live sockets (`GET /live`); nil from a server that has none.
    public var liveConnections: Int?
    /// Devices that registered a push token (`PUT /devices/{token}`); nil from a server that has none.
    public var devices: Int?

    enum CodingKeys: String, CodingKey {
        case isRunning = "running"
        case baseURL = "url"
        case requests, requestsByRoute
        case pendingStatusFaults = "pendingFaults"
        case pendingMalformed, pendingDropped, pendingTrickled
        case latencyMilliseconds = "latencyMs"
        case documents, liveConnections, devices
    }
}

/// A device's push registration, as the server keeps it.
public struct RegisteredDevice: Equatable, Sendable {
    /// The token (64 lowercase hexadecimal digits).
    public let token: String
    /// The app it belongs to.
    public let bundleIdentifier: String
    /// The APNs environment that issued it: `sandbox` or `production`.
    public let environment: String

    /// A registration.
    public init(token: String, bundleIdentifier: String, environment: String) {
        self.token = token
        self.bundleIdentifier = bundleIdentifier
        self.environment = environment
    }
}
