/// A view model whose whole visible state is one enum, published through a ``StateStore``.
public protocol StatefulViewModel: AnyObject {
    /// The view state: one enum, never several booleans.
    associatedtype State: Equatable & Sendable & CustomStringConvertible

    /// The state and its observers.
    var store: StateStore<State> { get }
    /// The tasks the view model runs.
    var tasks: TaskBag { get }
}

extension StatefulViewModel {
    /// The current state.
    public var state: State { store.state }

    /// Every state published from now on (see ``StateStore/changes()``).
    public func states() -> AsyncStream<State> { store.changes() }

    /// The type's name, as traces print it.
    public static var traceName: String { String(describing: Self.self) }
}
