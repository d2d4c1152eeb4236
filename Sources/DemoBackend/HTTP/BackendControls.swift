import Foundation
import Synchronization

/// The faults a test or the shell injects, and the request counters: what the server does to
/// requests besides answering them.
///
/// Admin requests are neither counted nor spoiled. A fault aimed at a path waits for a request to
/// it, so requests the app makes on its own (the live socket's catch-up, the push token) do not
/// take it first.
final class BackendControls: Sendable {
    struct Faults: Equatable {
        var statuses = FaultQueue<StatusFault>()
        var bodies = FaultQueue<DemoBackend.BodyFault>()
        var latencyMilliseconds = 0
    }

    struct StatusFault: Equatable {
        let status: Int
        let retryAfter: String?
    }

    /// Faults in the order they were added, each run for `count` responses to requests under
    /// `path` (any request when nil); kept as runs, so a large count costs one entry.
    struct FaultQueue<Kind: Equatable>: Equatable {
        private var runs: [(kind: Kind, path: RequestPath?, count: Int)] = []

        /// How many responses the faults still take.
        var count: Int { runs.reduce(0) { $0 + $1.count } }

        /// How many responses the faults of `kind` still take.
        func count(of kind: Kind) -> Int { runs.reduce(0) { $0 + ($1.kind == kind ? $1.count : 0) } }

        mutating func add(_ kind: Kind, path: RequestPath?, count: Int) {
            guard count > 0 else { return }
            runs.append((kind, path, count))
        }

        /// The first fault aimed at a request to `path`, consumed once.
        mutating func take(for path: String) -> Kind? {
            guard let index = runs.firstIndex(where: { $0.path?.covers(path) ?? true }) else { return nil }
            let kind = runs[index].kind
            runs[index].count -= 1
            if runs[index].count == 0 { runs.remove(at: index) }
            return kind
        }

        static func == (left: Self, right: Self) -> Bool {
            left.runs.elementsEqual(right.runs) { $0.kind == $1.kind && $0.path == $1.path && $0.count == $1.count }
        }
    }

    struct Counters {
        var requests = 0
        var byRoute: [String: Int] = [:]
    }

    /// What happens to one request.
    struct Fault {
        let latencyMilliseconds: Int
        let status: StatusFault?
        let body: DemoBackend.BodyFault?
    }

    let faults = Mutex(Faults())
    let counters = Mutex(Counters())

    /// The fault a request to `path` gets; consumes one count of it (a status fault first).
    func takeFault(for path: String) -> Fault {
        faults.withLock { faults in
            if let status = faults.statuses.take(for: path) {
                return Fault(latencyMilliseconds: faults.latencyMilliseconds, status: status, body: nil)
            }
            return Fault(
                latencyMilliseconds: faults.latencyMilliseconds, status: nil, body: faults.bodies.take(for: path))
        }
    }

    /// Counts a request to `route`.
    func count(_ route: String) {
        counters.withLock { counters in
            counters.requests += 1
            counters.byRoute[route, default: 0] += 1
        }
    }

    /// Answers the next `count` requests (to `path`, when given) with a status.
    func add(_ fault: StatusFault, count: Int, path: RequestPath?) {
        faults.withLock { $0.statuses.add(fault, path: path, count: count) }
    }

    /// Spoils the body of the next `count` responses (to requests to `path`, when given).
    func add(_ fault: DemoBackend.BodyFault, count: Int, path: RequestPath?) {
        faults.withLock { $0.bodies.add(fault, path: path, count: count) }
    }

    /// Delays every response.
    func setLatency(milliseconds: Int) {
        faults.withLock { $0.latencyMilliseconds = max(0, milliseconds) }
    }

    /// The faults still to come and the counters.
    func snapshot() -> (faults: Faults, counters: Counters) {
        (faults.withLock { $0 }, counters.withLock { $0 })
    }

    /// Forgets every fault still to come.
    func clearFaults() { faults.withLock { $0 = Faults() } }

    /// Forgets every fault and count.
    func reset() {
        faults.withLock { $0 = Faults() }
        counters.withLock { $0 = Counters() }
    }
}
