/// A view model whose whole visible state is one enum, published through a ``StateStore``.
public protocol StatefulViewModel: AnyObject {
    /// The view state: one enum, never several booleans.
    associatedtype State: Equatable & Sendable & CustomStringConvertible

    /// The state and its observers.
    var store: StateStore<State> { get }
    /// The tasks the view model runs.
    var tasks: TaskBag { get }
    /// The name traces print for this view model.
    var traceName: String { get }
}

extension StatefulViewModel {
    /// The current state.
    public var state: State { store.state }

    /// Every state published from now on (see ``StateStore/changes()``).
    public func states() -> AsyncStream<State> { store.changes() }

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
