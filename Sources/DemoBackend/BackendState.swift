import Foundation
import Synchronization

/// The demo server's data, faults and counters, shared by every request handler under one lock.
final class BackendState: Sendable {
    struct Data {
        var documents: [Int: WireDocument]
        var users: [Int: WireUser]
        var changedAt: [Int: Int] = [:]
        var deletedAt: [Int: Int] = [:]
        var serverVersion = 1
        var nextID: Int
        /// Answers to writes by `Idempotency-Key`: a replayed request gets the same answer and
        /// changes nothing.
        var replies: [String: StoredReply] = [:]

        init() {
            documents = Dictionary(uniqueKeysWithValues: DemoSeed.documents.map { ($0.id, $0) })
            users = Dictionary(uniqueKeysWithValues: DemoSeed.users.map { ($0.id, $0) })
            nextID = (documents.keys.max() ?? 0) + 1
            // Every change gets its own version, so a change list can be paged by version.
            for id in documents.keys.sorted() { recordChange(of: id) }
        }

        /// Every change in version order, so a change list is read from where the client left off.
        var log: [(version: Int, id: Int)] = []

        mutating func recordChange(of id: Int) {
            serverVersion += 1
            changedAt[id] = serverVersion
            deletedAt[id] = nil
            log.append((serverVersion, id))
        }

        mutating func recordDeletion(of id: Int) {
            serverVersion += 1
            changedAt[id] = nil
            deletedAt[id] = serverVersion
            log.append((serverVersion, id))
        }
    }

    struct StoredReply {
        var status: Int
        var headers: [String: String]
        var body: Foundation.Data
    }

    struct Faults {
        var statuses: [(status: Int, retryAfter: String?)] = []
        var malformed = 0
        var dropped = 0
        var latencyMilliseconds = 0
    }

    struct Counters {
        var requests = 0
        var byRoute: [String: Int] = [:]
    }

    let data = Mutex(Data())
    let faults = Mutex(Faults())
    let counters = Mutex(Counters())
    let now: @Sendable () -> Date
    let validators: DemoBackend.ValidatorStyle
    private let salt = UInt64.random(in: 1...UInt64.max)

    init(now: @escaping @Sendable () -> Date, validators: DemoBackend.ValidatorStyle) {
        self.now = now
        self.validators = validators
    }

    /// The entity tag for what `name` names: `"name"`, or an opaque token only this server can
    /// make sense of (a client that builds or reshapes one is caught by the tests).
    func validator(_ name: String) -> String {
        switch validators {
        case .readable: return "\"\(name)\""
        case .opaque:
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ salt
            for byte in name.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            return String(hash, radix: 36)
        }
    }

    /// The entity tag of a document's current version.
    func validator(of document: WireDocument) -> String { validator(document.versionName) }

    /// Which fault, if any, the next request gets; consumes one count of it.
    func takeFault() -> (latency: Int, status: (Int, String?)?, dropped: Bool, malformed: Bool) {
        faults.withLock { faults in
            let status = faults.statuses.isEmpty ? nil : faults.statuses.removeFirst()
            let dropped = status == nil && faults.dropped > 0
            if dropped { faults.dropped -= 1 }
            let malformed = status == nil && !dropped && faults.malformed > 0
            if malformed { faults.malformed -= 1 }
            return (faults.latencyMilliseconds, status.map { ($0.status, $0.retryAfter) }, dropped, malformed)
        }
    }

    func count(_ route: String) {
        counters.withLock { counters in
            counters.requests += 1
            counters.byRoute[route, default: 0] += 1
        }
    }
}
