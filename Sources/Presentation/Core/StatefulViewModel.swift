public import Observation

/// An `@Observable` view model whose whole visible state is one enum.
///
/// A screen reads `state` (SwiftUI redraws when it changes; UIKit code tracks it with
/// `withObservationTracking`); traces and tests read ``StateTransitions``, which keeps every
/// state in order.
public protocol StatefulViewModel: AnyObject, Observable {
    /// The view state: one enum, never several booleans.
    associatedtype State: Equatable & Sendable & CustomStringConvertible

    /// What the screen shows.
    var state: State { get }
    /// Every state set, in order.
    var transitions: StateTransitions<State> { get }
    /// The tasks the view model runs.
    var tasks: TaskBag { get }
    /// The name traces print for this view model.
    var traceName: String { get }
}

extension StatefulViewModel {
    /// Every state set from now on, in order (see ``StateTransitions/changes()``).
    public func states() -> AsyncStream<State> { transitions.changes() }

    /// The type's name, as traces print it.
    public var traceName: String { String(describing: Self.self) }

    /// Runs `work` as the task `name`, cancelling the one running under that name (the latest
    /// request wins); then, unless the task was cancelled or the view model went away, hands
    /// the result to `publish`, which sets the state.
    ///
    /// The one place the task, cancel and publish cycle is written: `work` must not capture the
    /// view model, and `publish` gets it back only while it exists.
    @discardableResult
    public func perform<Value: Sendable>(
        _ name: String, _ work: @escaping @Sendable () async -> Value, publish: @escaping (Self, Value) -> Void
    ) -> Task<Void, Never> {
        tasks.run(name) { [weak self] in
            let value = await work()
            guard !Task.isCancelled, let self else { return }
            publish(self, value)
        }
    }
}
