import Synchronization

/// Shares one in-flight operation among every concurrent caller asking for the same key.
///
/// A caller that is cancelled stops waiting at once without affecting the others; when the last
/// waiter of a key is cancelled, the shared operation is cancelled too.
final class SingleFlight<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    typealias Outcome = Result<Value, RemoteError>
    private typealias Waiter = CheckedContinuation<Outcome, Never>

    private struct Flight {
        let generation: UInt64
        var task: Task<Void, Never>?
        var waiters: [UInt64: Waiter]
    }

    private struct State {
        var flights: [Key: Flight] = [:]
        var nextID: UInt64 = 0
        var started = 0
    }

    private let state = Mutex(State())

    /// How many operations were actually started (for statistics and tests).
    var startedCount: Int { state.withLock { $0.started } }

    /// Joins the operation in flight for `key`, or starts `operation` when there is none.
    func run(_ key: Key, _ operation: @escaping @Sendable () async -> Outcome) async -> Outcome {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: Waiter) in
                join(key, id: id, continuation: continuation, operation: operation)
            }
        } onCancel: {
            let abandoned: Waiter? = state.withLock { state in
                guard var flight = state.flights[key], let waiter = flight.waiters.removeValue(forKey: id) else {
                    return nil
                }
                if flight.waiters.isEmpty {
                    flight.task?.cancel()
                    state.flights[key] = nil
                } else {
                    state.flights[key] = flight
                }
                return waiter
            }
            abandoned?.resume(returning: .failure(.cancelled))
        }
    }
}

// MARK: - Private

/// What joining a flight did.
private enum JoinStep {
    case cancelled, joined
    case start(UInt64)
}

extension SingleFlight {
    private func join(
        _ key: Key, id: UInt64, continuation: Waiter, operation: @escaping @Sendable () async -> Outcome
    ) {
        let step: JoinStep = state.withLock { state in
            if Task.isCancelled { return .cancelled }
            if state.flights[key] != nil {
                state.flights[key]?.waiters[id] = continuation
                return .joined
            }
            state.flights[key] = Flight(generation: id, task: nil, waiters: [id: continuation])
            state.started += 1
            return .start(id)
        }
        switch step {
        case .cancelled:
            continuation.resume(returning: .failure(.cancelled))
        case .joined:
            break
        case .start(let generation):
            let task = Task { [weak self] in
                let outcome = await operation()
                self?.finish(key, generation: generation, outcome: outcome)
            }
            state.withLock { state in
                if state.flights[key]?.generation == generation { state.flights[key]?.task = task }
            }
        }
    }

    private func finish(_ key: Key, generation: UInt64, outcome: Outcome) {
        let waiters: [Waiter] = state.withLock { state in
            guard let flight = state.flights[key], flight.generation == generation else { return [] }
            state.flights[key] = nil
            return Array(flight.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }
}
