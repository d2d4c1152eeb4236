/// Runs work one piece at a time, in the order it was asked for: each piece starts once the one
/// before it has finished, even when both wait on the network.
///
/// An actor alone does not do this: it runs another call whenever the current one suspends.
public actor SerialRunner {
    private var tail: Task<Void, Never>?
    /// How many pieces were asked for and have not finished: the one running and those behind it.
    public private(set) var unfinished = 0

    /// A runner with nothing waiting.
    public init() {}

    /// Runs `work` after every piece asked for before it, and returns its value.
    public func run<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) async -> Value {
        let previous = tail
        let task = Task {
            await previous?.value
            return await work()
        }
        tail = Task { _ = await task.value }
        unfinished += 1
        defer { unfinished -= 1 }
        return await task.value
    }
}
