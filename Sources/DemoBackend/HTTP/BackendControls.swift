import Foundation
import Synchronization

/// The faults a test or the shell injects, and the request counters: what the server does to
/// requests besides answering them.
///
/// Admin requests are neither counted nor spoiled.
final class BackendControls: Sendable {
    struct Faults: Equatable {
        var statuses: [StatusFault] = []
        var malformed = 0
        var dropped = 0
        var trickled = 0
        var latencyMilliseconds = 0
    }

    struct StatusFault: Equatable {
        let status: Int
        let retryAfter: String?
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

    /// The fault the next request gets; consumes one count of it (a status fault first).
    func takeFault() -> Fault {
        faults.withLock { faults in
            if !faults.statuses.isEmpty {
                return Fault(
                    latencyMilliseconds: faults.latencyMilliseconds, status: faults.statuses.removeFirst(), body: nil)
            }
            var body: DemoBackend.BodyFault?
            if faults.dropped > 0 {
                faults.dropped -= 1
                body = .dropped
            } else if faults.malformed > 0 {
                faults.malformed -= 1
                body = .malformed
            } else if faults.trickled > 0 {
                faults.trickled -= 1
                body = .trickled
            }
            return Fault(latencyMilliseconds: faults.latencyMilliseconds, status: nil, body: body)
        }
    }

    /// Counts a request to `route`.
    func count(_ route: String) {
        counters.withLock { counters in
            counters.requests += 1
            counters.byRoute[route, default: 0] += 1
        }
    }

    /// Answers the next `count` requests with a status.
    func add(_ fault: StatusFault, count: Int) {
        faults.withLock { $0.statuses += Array(repeating: fault, count: max(0, count)) }
    }

    /// Spoils the body of the next `count` responses.
    func add(_ fault: DemoBackend.BodyFault, count: Int) {
        let count = max(0, count)
        faults.withLock { faults in
            switch fault {
            case .malformed: faults.malformed += count
            case .dropped: faults.dropped += count
            case .trickled: faults.trickled += count
            }
        }
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
